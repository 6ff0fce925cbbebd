// What the newcomers write in their fresh projects beside the README's own blocks: their first mistakes, a page harness.

/**
 * The mistakes a newcomer to the gate makes first, each printed as what the package answered: `console` as the
 * audit sink, an empty vault, a call without a request context, a projection to a member the contract lacks.
 */
export const FIRST_MISTAKES = `import { createGate, defineTool, loadContractFile, memoryAuditSink } from 'agent-airlock';

const contract = 'node_modules/agent-airlock/fixtures/contracts/review-status.contract.json';
const tool = await loadContractFile(contract);
const said = (error: unknown): string => (error instanceof Error ? \`\${error.name}: \${error.message}\` : 'thrown');
const tried = (run: () => unknown): string => {
  try {
    run();
    return 'accepted';
  } catch (error) {
    return said(error);
  }
};
console.log(tried(() => createGate({ audit: console as never })));
console.log(tried(() => createGate({ vault: {} as never })));
const gate = createGate({ audit: memoryAuditSink() });
const accept = gate.accept.bind(gate) as (...args: unknown[]) => Promise<unknown>;
console.log(await accept(tool, '{}').then(() => 'resolved', said));
const schema = {
  type: 'object',
  properties: { title: { type: 'string', maxLength: 80, 'x-purpose': 'text' } },
  additionalProperties: false,
};
console.log(tried(() => defineTool({ name: 'page', version: 'page.v1', schema, project: { title: '/titel' } })));
`;

/**
 * Renders the README's `ToolMessage` in a DOM (jsdom, which the package depends on), waits for its fetch and its
 * render, and prints the element's HTML and the findings `onRender` would see. Plain JavaScript, as a quick
 * check in an app is: `node render.mjs URL`.
 */
export const RENDER_HARNESS = `import { JSDOM } from 'jsdom';

const dom = new JSDOM('<!doctype html><main id="root"></main>', { url: 'http://127.0.0.1/' });
const { window } = dom;
Object.assign(globalThis, { window, document: window.document, navigator: window.navigator, IS_REACT_ACT_ENVIRONMENT: true });
const { act, createElement } = await import('react');
const { createRoot } = await import('react-dom/client');
const { ToolMessage } = await import('./build/ToolMessage.js');

const container = document.getElementById('root');
const root = createRoot(container);
await act(async () => root.render(createElement(ToolMessage, { url: process.argv[2] })));
for (let wait = 0; wait < 200 && container.querySelector('[data-airlock-output]')?.childNodes.length !== 1; wait++)
  await act(() => new Promise((resolve) => setTimeout(resolve, 25)));
console.log(container.innerHTML);
await act(async () => root.unmount());
`;
