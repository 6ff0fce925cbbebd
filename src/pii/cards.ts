// Payment card numbers: 13 to 19 digits, plain or in the groups cards print, an issuer prefix and a Luhn check.
import { digitsOf, luhnValid } from './checksums.js';

/** A run of digits with single blanks or dashes between them, not inside a longer number or word. */
const DIGIT_RUN = /(?<![\w.,/-])\d(?:[ -]?\d){12,18}(?![\w-]|[.,/]\d)/g;
/** Issuer prefixes (IIN ranges) of the card networks: Visa, Mastercard, Amex, Discover, JCB, Diners, UnionPay… */
const ISSUER =
  /^(?:4|5[1-5]|2(?:2[2-9]|[3-6]\d|7[01]|720)|3[47]|30[0-5]|3[68]|35|6011|64[4-9]|65|62|5[06-9]|6[0-9])/;
/** How card numbers are grouped when printed: 4-4-4-4(-3), Amex 4-6-5, Diners 4-6-4. */
const GROUPINGS: ReadonlySet<string> = new Set([
  '4 4 4 4',
  '4 4 4 4 3',
  '4 6 5',
  '4 6 4',
  '4 4 4 1',
  '4 4 4 2',
]);

/** True when a digit run is written as a card is: without separators, or in a card's groups with one separator. */
function cardShaped(run: string): boolean {
  const separators = run.replace(/\d/g, '');
  if (separators.length === 0) return true;
  if (new Set(separators).size !== 1) return false;
  return GROUPINGS.has(
    run
      .split(/[ -]/)
      .map((group) => String(group.length))
      .join(' '),
  );
}

/** Every payment card number in `text` (issuer prefix, length, grouping and Luhn check all right), as ranges. */
export function findCards(text: string): [number, number][] {
  const found: [number, number][] = [];
  DIGIT_RUN.lastIndex = 0;
  for (let m = DIGIT_RUN.exec(text); m !== null; m = DIGIT_RUN.exec(text)) {
    const run = m[0].replace(/[ -]$/, '');
    const digits = digitsOf(run);
    if (digits.length < 13 || digits.length > 19 || !cardShaped(run)) continue;
    if (!ISSUER.test(digits.join('')) || !luhnValid(digits)) continue;
    if (new Set(digits).size <= 2) continue; // 4111 1111 … repeats, 0000 0000 …: test and filler numbers stay
    found.push([m.index, m.index + run.length]);
  }
  return found;
}
