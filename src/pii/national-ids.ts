// National identity numbers that carry a check digit, in the formats their countries print them.
import { digitsOf, luhnValid, verhoeffValid, weightedMod11 } from './checksums.js';

/** One identifier format: where it may be, and the check a real number passes. */
interface NationalId {
  readonly pattern: RegExp;
  readonly valid: (match: RegExpExecArray) => boolean;
}

const DNI_LETTERS = 'TRWAGMYFPDXBNJZSQVHLCKE';
const HETU_CHECKS = '0123456789ABCDEFHJKLMNPRSTUVWXY';
const CF_ODD = [1, 0, 5, 7, 9, 13, 15, 17, 19, 21, 2, 4, 18, 20, 11, 3, 6, 8, 12, 14, 16, 10, 22, 25, 24, 23];

/** True when day and month (and an optional full year) make a calendar date. */
function isDate(day: number, month: number, year = 2000): boolean {
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Italy's codice fiscale: its last letter from the other fifteen characters. */
function codiceFiscaleValid(code: string): boolean {
  let sum = 0;
  for (let i = 0; i < 15; i++) {
    const c = code.charCodeAt(i);
    const value = c <= 57 ? c - 48 : c - 65;
    sum += i % 2 === 0 ? (CF_ODD[value] ?? 0) : value;
  }
  return String.fromCharCode(65 + (sum % 26)) === code.charAt(15);
}

/** Brazil's CPF: two check digits, each a weighted sum mod 11. */
function cpfValid(digits: readonly number[]): boolean {
  if (new Set(digits).size === 1) return false;
  const first = ((weightedMod11(digits, [10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11) % 10;
  const second = ((weightedMod11(digits, [11, 10, 9, 8, 7, 6, 5, 4, 3, 2]) * 10) % 11) % 10;
  return digits[9] === first && digits[10] === second;
}

/** China's resident identity number: a birth date inside, and a check character from a weighted sum mod 11. */
function chineseIdValid(id: string): boolean {
  const year = Number(id.slice(6, 10));
  if (year < 1900 || year > 2099 || !isDate(Number(id.slice(12, 14)), Number(id.slice(10, 12)), year))
    return false;
  const sum = weightedMod11(digitsOf(id.slice(0, 17)), [7, 9, 10, 5, 8, 4, 2, 1, 6, 3, 7, 9, 10, 5, 8, 4, 2]);
  return '10X98765432'.charAt(sum) === id.charAt(17);
}

/** The formats, each bounded by non-word characters: Spain's DNI and NIE, Italy's codice fiscale, Brazil's CPF,
 * Finland's HETU, Sweden's personnummer, China's resident identity number, India's Aadhaar, Canada's SIN. */
const NATIONAL_IDS: readonly NationalId[] = Object.freeze([
  {
    pattern: /(?<![\w-])(\d{8})-?([A-HJ-NP-TV-Z])(?![\w-])/g,
    valid: (m) => DNI_LETTERS.charAt(Number(m[1]) % 23) === m[2],
  },
  {
    pattern: /(?<![\w-])([XYZ])-?(\d{7})-?([A-HJ-NP-TV-Z])(?![\w-])/g,
    valid: (m) => DNI_LETTERS.charAt(Number(`${'XYZ'.indexOf(m[1] ?? '')}${m[2] ?? ''}`) % 23) === m[3],
  },
  {
    pattern: /(?<![\w-])[A-Z]{6}\d{2}[A-EHLMPRST]\d{2}[A-Z]\d{3}[A-Z](?![\w-])/g,
    valid: (m) => codiceFiscaleValid(m[0]),
  },
  { pattern: /(?<![\w.-])\d{3}\.\d{3}\.\d{3}-\d{2}(?![\w-]|\.\d)/g, valid: (m) => cpfValid(digitsOf(m[0])) },
  {
    pattern: /(?<![\w-])(\d{2})(\d{2})(\d{2})[-+A-FU-Y](\d{3})([0-9A-FHJ-NPR-Y])(?![\w-])/g,
    valid: (m) =>
      isDate(Number(m[1]), Number(m[2])) &&
      HETU_CHECKS.charAt(Number(`${m[1] ?? ''}${m[2] ?? ''}${m[3] ?? ''}${m[4] ?? ''}`) % 31) === m[5],
  },
  {
    pattern: /(?<![\w-])(?:\d{2})?(\d{2})(\d{2})(\d{2})[-+](\d{4})(?![\w-])/g,
    valid: (m) =>
      isDate(Number(m[3]), Number(m[2])) &&
      luhnValid(digitsOf(`${m[1] ?? ''}${m[2] ?? ''}${m[3] ?? ''}${m[4] ?? ''}`)),
  },
  { pattern: /(?<![\w-])\d{17}[\dX](?![\w-])/g, valid: (m) => chineseIdValid(m[0]) },
  {
    pattern: /(?<![\w-]|\d[ .-])[2-9]\d{3}([ -])\d{4}\1\d{4}(?![\w-]|[ .-]\d)/g,
    valid: (m) => verhoeffValid(digitsOf(m[0])),
  },
  {
    pattern: /(?<![\w-]|\d[ .-])[1-79]\d{2}([ -])\d{3}\1\d{3}(?![\w-]|[ .-]\d)/g,
    valid: (m) => luhnValid(digitsOf(m[0])),
  },
]);

/** Every national identity number in `text` whose check passes, as ranges. */
export function findNationalIds(text: string): [number, number][] {
  const found: [number, number][] = [];
  for (const { pattern, valid } of NATIONAL_IDS) {
    pattern.lastIndex = 0;
    for (let m = pattern.exec(text); m !== null; m = pattern.exec(text))
      if (valid(m)) found.push([m.index, m.index + m[0].length]);
  }
  return found;
}
