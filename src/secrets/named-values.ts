// Values named by what they are for: a provider's name as the key (`cloudflare: "…"`), a Kubernetes Secret's data.
import { RANK, type FindingSink } from './finding.js';
import { credentialAfterLabel } from './labelled-values.js';
import { isPlaceholder } from './placeholders.js';
import { SECRET_PROVIDERS } from './types.js';

/** Provider ids that are also common words or no provider at all: as a key they name nothing secret. */
const NOT_KEY_NAMES = new Set(
  'age basic-auth connection-string generic high-entropy jwt private-key square linear notion readme segment ionic prefect docker files'.split(
    ' ',
  ),
);

/** `cloudflare: "…"`, `SENDGRID = …`: a provider's name (alone, or with `_api`), an operator, then a value. */
const PROVIDER_KEY = new RegExp(
  `(?<![\\w.-])(?:${SECRET_PROVIDERS.filter((id) => !NOT_KEY_NAMES.has(id)).join('|')})(?:[_-]?api)?["']?[ \\t]*[:=][ \\t]*["']?([A-Za-z0-9][A-Za-z0-9+/=_.-]{15,299})(?![A-Za-z0-9+/=_-])`,
  'gi',
);

/** Finds values under a provider's name that read as credentials (letters and digits, random enough). */
export function scanProviderKeys(text: string, from: number, to: number, sink: FindingSink): void {
  PROVIDER_KEY.lastIndex = from;
  for (let m = PROVIDER_KEY.exec(text); m !== null && m.index < to; m = PROVIDER_KEY.exec(text)) {
    const value = m[1] ?? '';
    if (!credentialAfterLabel(value, false)) continue;
    const start = m.index + m[0].length - value.length;
    sink.push({ provider: 'generic', start, end: start + value.length, rank: RANK.generic });
  }
}

/** `kind: Secret` of a Kubernetes manifest, on its own line. */
const SECRET_KIND = /^[ \t]*kind:[ \t]*["']?Secret["']?[ \t]*$/m;
/** The `data:` or `stringData:` block of a Secret: every value in it is secret. */
const DATA_BLOCK = /^([ \t]*)(?:data|stringData):[ \t]*\r?\n/gm;
/** One entry line of the block: its indentation and value. */
const ENTRY = /^([ \t]+)[\w.-]+:[ \t]*["']?([^\s"'#][^\n"']*?)["']?[ \t]*$/;

/** The manifest document around `at`: from the `---` before it (or the start) to the one after it (or the end). */
function documentAround(text: string, at: number): [number, number] {
  const before = text.lastIndexOf('\n---', at);
  const after = text.indexOf('\n---', at);
  return [before < 0 ? 0 : before + 4, after < 0 ? text.length : after];
}

/** How far before a window a Secret's `data:` line is looked for (a window opens at a long value inside it). */
const BLOCK_REACH = 4096;

/** Finds the values of the `data` and `stringData` of Kubernetes Secret manifests that `text[from, to)` holds. */
export function scanKubernetesSecrets(text: string, from: number, to: number, sink: FindingSink): void {
  if (!text.includes('Secret')) return;
  DATA_BLOCK.lastIndex = Math.max(0, from - BLOCK_REACH);
  for (let block = DATA_BLOCK.exec(text); block !== null && block.index < to; block = DATA_BLOCK.exec(text)) {
    const [docStart, docEnd] = documentAround(text, block.index);
    if (!SECRET_KIND.test(text.slice(docStart, docEnd))) continue;
    const indent = (block[1] ?? '').length;
    // The entries are the lines after `data:` indented deeper than it; the first line that is not ends them.
    let at = block.index + block[0].length;
    while (at < docEnd) {
      const end = text.indexOf('\n', at) < 0 ? text.length : text.indexOf('\n', at);
      const entry = ENTRY.exec(text.slice(at, end).replace(/\r$/, ''));
      if (entry === null || (entry[1] ?? '').length <= indent) break;
      const value = entry[2] ?? '';
      const start = at + entry[0].indexOf(value, (entry[1] ?? '').length);
      if (value.length >= 4 && !isPlaceholder(value))
        sink.push({ provider: 'kubernetes', start, end: start + value.length, rank: RANK.provider });
      at = end + 1;
    }
  }
}
