// Decodes the encoded form (entity, escape, percent) that starts at an index, for the look-alike fold.
import { createRequire } from 'node:module';
import type * as Entities from 'entities';
import { ENCODED_FORM_WINDOW, ENCODED_FORMS, MAX_DECODE_DEPTH } from './lookalikes.js';

/** A decoded form: the characters it stands for and the index just past it in the original text. */
export interface DecodedForm {
  readonly decoded: string;
  readonly end: number;
}

let entities: typeof Entities | undefined;

/**
 * The `entities` package, loaded on the first character reference: building its decode tables costs a
 * process that never meets one. Required synchronously (the fold is synchronous).
 */
function decodeHtml(text: string): string {
  entities ??= createRequire(import.meta.url)('entities') as typeof Entities;
  return entities.decodeHTML(text);
}

/** Characters that can start an encoded form. */
const FORM_STARTS = new Set(['&', '\\', '%']);

/**
 * The encoded form starting at `index`, decoded, or `undefined` when none starts there. A form that decodes to
 * a single `&`, `\` or `%` is tried again together with what follows it, up to {@link MAX_DECODE_DEPTH} times, so
 * double encoding (`&amp;lt;`, `&#92;u003c`) decodes as a reader who decodes twice would see it.
 */
export function decodeAt(text: string, index: number): DecodedForm | undefined {
  const first = decodeOne(text.slice(index, index + ENCODED_FORM_WINDOW));
  if (first === undefined) return undefined;
  let decoded = first.decoded;
  let end = index + first.length;
  for (let depth = 1; depth < MAX_DECODE_DEPTH && FORM_STARTS.has(decoded); depth++) {
    const again = decodeOne(decoded + text.slice(end, end + ENCODED_FORM_WINDOW - 1));
    if (again === undefined || again.length === 1) break;
    decoded = again.decoded;
    end += again.length - 1;
  }
  return { decoded, end };
}

function decodeOne(window: string): { decoded: string; length: number } | undefined {
  switch (window[0]) {
    case '&':
      return decodeEntity(window);
    case '\\':
      return decodeBackslash(window);
    case '%': {
      const match = ENCODED_FORMS.percent.exec(window);
      return match === null
        ? undefined
        : { decoded: String.fromCharCode(parseInt(match[1] ?? '', 16)), length: 3 };
    }
    default:
      return undefined;
  }
}

function decodeEntity(window: string): { decoded: string; length: number } | undefined {
  const match = ENCODED_FORMS.entity.exec(window);
  if (match === null) return undefined;
  const decoded = decodeHtml(match[0]);
  return decoded === match[0] ? undefined : { decoded, length: match[0].length };
}

function decodeBackslash(window: string): { decoded: string; length: number } | undefined {
  const unicode = ENCODED_FORMS.unicodeEscape.exec(window);
  if (unicode !== null) {
    const codePoint = parseInt(unicode[1] ?? unicode[2] ?? '', 16);
    if (codePoint > 0x10ffff) return undefined;
    return { decoded: String.fromCodePoint(codePoint), length: unicode[0].length };
  }
  const hex = ENCODED_FORMS.hexEscape.exec(window);
  if (hex !== null) return { decoded: String.fromCharCode(parseInt(hex[1] ?? '', 16)), length: 4 };
  const control = ENCODED_FORMS.controlEscape.exec(window);
  if (control !== null) return { decoded: control[1] === 't' ? '\t' : '\n', length: 2 };
  const punctuation = ENCODED_FORMS.punctuationEscape.exec(window);
  if (punctuation !== null) return { decoded: punctuation[1] ?? '', length: 2 };
  return undefined;
}
