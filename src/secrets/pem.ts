// PEM private key blocks, plain or inside JSON strings, from the BEGIN line to the END line (or the body's end).
import { RANK, type FindingSink } from './finding.js';
import { isPlaceholder } from './placeholders.js';

const BEGIN = /-----BEGIN[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/g;
const END = /-----END[ A-Z0-9_-]{0,100}PRIVATE KEY(?: BLOCK)?-----/y;
const MAX_BLOCK = 65536;

/** Where a block without an END line stops: after the run of base64 lines and escaped line breaks. */
function bodyEnd(text: string, at: number, limit: number): number {
  let end = at;
  while (end < limit && /[A-Za-z0-9+/=\s\\:-]/.test(text.charAt(end))) end++;
  while (end > at && /[\s\\]/.test(text.charAt(end - 1))) end--;
  return end;
}

/** Finds PEM private key blocks that start in `text[from, to)`. */
export function scanPem(text: string, from: number, to: number, sink: FindingSink): void {
  BEGIN.lastIndex = from;
  // The next END marker, found once and moved forward only: many BEGIN lines cost one pass over the text.
  let nextEnd = text.indexOf('-----END', from);
  for (let m = BEGIN.exec(text); m !== null && m.index < to; m = BEGIN.exec(text)) {
    const bodyStart = m.index + m[0].length;
    const limit = Math.min(text.length, bodyStart + MAX_BLOCK);
    if (nextEnd !== -1 && nextEnd < bodyStart) nextEnd = text.indexOf('-----END', bodyStart);
    const close = nextEnd;
    let end: number;
    if (close >= 0 && close < limit) {
      END.lastIndex = close;
      end = END.test(text) ? END.lastIndex : close + 8;
    } else {
      end = bodyEnd(text, bodyStart, limit);
    }
    const body = text.slice(bodyStart, close >= 0 && close < limit ? close : end).replace(/\\[nr]|\s/g, '');
    if (body.length < 32 || (body.length < 100 && isPlaceholder(body))) continue;
    sink.push({ provider: 'private-key', start: m.index, end, rank: RANK.provider });
    BEGIN.lastIndex = end;
  }
}
