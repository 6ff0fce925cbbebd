// The demo page's script: fetches the conversation from its server and renders it with React.
import { createRoot } from 'react-dom/client';
import { SCRIPT_PATH, type DemoScript } from '../script.js';
import { Conversation } from './conversation.js';

/** How long the page waits for its server's conversation before it says so. */
const FETCH_TIMEOUT_MS = 30_000;

async function start(main: HTMLElement): Promise<void> {
  let script: DemoScript;
  try {
    const response = await fetch(SCRIPT_PATH, { signal: AbortSignal.timeout(FETCH_TIMEOUT_MS) });
    if (!response.ok) throw new Error(`status ${String(response.status)}`);
    script = (await response.json()) as DemoScript;
  } catch {
    const notice = document.createElement('p');
    notice.className = 'notice';
    notice.textContent = 'The conversation could not be loaded: is `airlock demo` still running?';
    main.replaceChildren(notice);
    main.setAttribute('aria-busy', 'false');
    return;
  }
  createRoot(main).render(<Conversation script={script} />);
}

const main = document.getElementById('demo');
if (main !== null) void start(main);
