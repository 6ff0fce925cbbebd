// Rolling hashes of every fixed-length run of a text: comparing runs costs linear time whatever their length.

/** Fewest letter-like units a run must hold to count. */
const MIN_LETTERS = 2;

/** Odd multipliers of the two rolling hashes. */
const BASE_A = 0x01000193;
const BASE_B = 0x5bd1e995;

/** `base` to the power `exponent`, modulo 2^32. */
function power(base: number, exponent: number): number {
  let result = 1;
  for (let k = 0; k < exponent; k++) result = Math.imul(result, base) >>> 0;
  return result;
}

/**
 * True for a code unit that is not an ASCII digit, punctuation mark, symbol or white space. A run with fewer
 * than {@link MIN_LETTERS} such units (a stretch of an account number, a timestamp such as `2022-05-01t09:00`,
 * a row of dashes) is shared by unrelated values too often to mean a copy; numbers and dates are compared
 * whole, as entities, instead.
 */
function wordy(unit: number): boolean {
  return unit > 0x7f || (unit >= 0x41 && unit <= 0x5a) || (unit >= 0x61 && unit <= 0x7a);
}

/**
 * Visits a 53-bit key for each run of `length` UTF-16 code units that holds two letter-like units or more,
 * with the index just past the run, stopping when `visit` returns true: two polynomial rolling hashes modulo
 * 2^32 with different multipliers, so the cost is linear in the text whatever the run length, and a false
 * match (which only turns a call into `ask`) is vanishingly rare.
 */
export function someWindow(
  text: string,
  length: number,
  visit: (key: number, end: number) => boolean,
): boolean {
  const dropA = power(BASE_A, length - 1);
  const dropB = power(BASE_B, length - 1);
  let a = 0;
  let b = 0;
  let letters = 0;
  for (let index = 0; index < text.length; index++) {
    if (index >= length) {
      const leaving = text.charCodeAt(index - length);
      a = (a - Math.imul(leaving, dropA)) >>> 0;
      b = (b - Math.imul(leaving, dropB)) >>> 0;
      if (wordy(leaving)) letters--;
    }
    const unit = text.charCodeAt(index);
    a = (Math.imul(a, BASE_A) + unit) >>> 0;
    b = (Math.imul(b, BASE_B) + unit) >>> 0;
    if (wordy(unit)) letters++;
    if (index >= length - 1 && letters >= MIN_LETTERS && visit(a * 0x200000 + (b >>> 11), index + 1))
      return true;
  }
  return false;
}

/** The keys of every run of `length` units holding two letter-like units or more, in order. */
export function windowKeys(text: string, length: number): number[] {
  const keys: number[] = [];
  someWindow(text, length, (key) => {
    keys.push(key);
    return false;
  });
  return keys;
}
