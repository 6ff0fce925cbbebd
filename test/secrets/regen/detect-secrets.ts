// Extracts detect-secrets' literal `(payload, should_flag)` plugin test rows from its pytest sources.

/** One literal test row: the payload line and whether the plugin must flag it. */
export interface Row {
  readonly plugin: string;
  readonly payload: string;
  readonly flag: boolean;
}

const STRING = String.raw`[ubrUBR]?(?:'(?:[^'\\\n]|\\.)*'|"(?:[^"\\\n]|\\.)*")`;
const ROW = new RegExp(
  String.raw`\(\s*(?:#[^\n]*\n\s*)*((?:${STRING}\s*)+),\s*(?:#[^\n]*\n\s*)*(True|False)\s*,?\s*(?:#[^\n]*)?\s*\)`,
  'g',
);
const PIECE = new RegExp(STRING, 'g');

function pythonString(literal: string): string {
  const raw = /^[rR]/.test(literal);
  const body = literal.replace(/^[ubrUBR]/, '').slice(1, -1);
  if (raw) return body;
  return body.replace(/\\(x[0-9a-fA-F]{2}|u[0-9a-fA-F]{4}|.)/g, (_, e: string) => {
    if (e.length > 1) return String.fromCharCode(parseInt(e.slice(1), 16));
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', "'": "'", '"': '"' };
    return map[e] ?? `\\${e}`;
  });
}

/** Extracts every literal row of one plugin test file. */
export function extractDetectSecretsFile(plugin: string, source: string): Row[] {
  const rows: Row[] = [];
  ROW.lastIndex = 0;
  for (let m = ROW.exec(source); m !== null; m = ROW.exec(source)) {
    const pieces = (m[1] ?? '').match(PIECE) ?? [];
    const payload = pieces.map(pythonString).join('');
    rows.push({ plugin, payload, flag: m[2] === 'True' });
  }
  return rows;
}
