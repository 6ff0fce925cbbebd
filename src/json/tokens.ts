// The small tokens between values: JSON's four whitespace characters and the literals true, false and null.

const SPACE = 0x20;
const TAB = 0x09;
const LINE_FEED = 0x0a;
const CARRIAGE_RETURN = 0x0d;
const LOW_T = 0x74;
const LOW_F = 0x66;
const LOW_N = 0x6e;

/**
 * Index of the first code unit at or after `i` that is not JSON whitespace (space, tab, line feed, carriage
 * return). Reads `units` up to a sentinel that is not whitespace, which stops the loop at the end of the text.
 */
export function skipWhitespace(units: Uint16Array, i: number): number {
  let c = units[i] as number;
  while (c === SPACE || c === LINE_FEED || c === CARRIAGE_RETURN || c === TAB) c = units[++i] as number;
  return i;
}

/** Length of the literal (`true`, `false` or `null`) at `i` of `text`, whose code unit is `first`; 0 if none. */
export function literalLength(text: string, first: number, i: number): number {
  const literal = first === LOW_T ? 'true' : first === LOW_F ? 'false' : first === LOW_N ? 'null' : '';
  return literal !== '' && text.startsWith(literal, i) ? literal.length : 0;
}
