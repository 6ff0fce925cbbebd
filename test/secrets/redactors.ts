// Every place the one secret detector redacts in, as `(text) => text`: the detector, the log sink, the text purpose.
import { toLogLine } from '../../sinks/log/line.js';
import { sanitizeText } from '../../src/purposes/text/sanitize-text.js';
import { redactSecrets } from '../../src/secrets/index.js';

/** The log sink as a redactor: one event with the text as a field, read back from the line. */
export function throughLogSink(text: string): string {
  const line = toLogLine({ output: text }, { maxStringLength: 1 << 20, maxLineLength: 1 << 22 });
  return (JSON.parse(line) as { output: string }).output;
}

/** The text purpose as a redactor, with its defaults: the value it returns (a refused value passes unchanged). */
export function throughTextPurpose(text: string): string {
  const result = sanitizeText(text);
  return result.ok ? result.value : text;
}

/** Every place the one detector redacts in: the detector itself, and each sink or purpose built on it. */
export const REDACTORS: ReadonlyArray<readonly [string, (text: string) => string]> = [
  ['the detector', (text) => redactSecrets(text).text],
  ['the log sink', throughLogSink],
  ['the text purpose', throughTextPurpose],
];
