// Check digits of payment cards (Luhn), IBANs (ISO 7064 mod 97-10) and national identifiers (mod 11, Verhoeff).

/** The digits of a string, as numbers (everything else skipped). */
export function digitsOf(text: string): number[] {
  const digits: number[] = [];
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i) - 48;
    if (c >= 0 && c <= 9) digits.push(c);
  }
  return digits;
}

/** True when a digit string passes the Luhn check (payment cards, Canadian SINs, Swedish personal numbers). */
export function luhnValid(digits: readonly number[]): boolean {
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    let d = digits[digits.length - 1 - i] ?? 0;
    if (i % 2 === 1) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return digits.length > 0 && sum % 10 === 0;
}

/** The remainder mod 97 of a string of digits and letters, letters counted A = 10 … Z = 35 (ISO 7064). */
export function mod97(text: string): number {
  let rest = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    const value = code <= 57 ? code - 48 : code - 55;
    rest = value >= 10 ? (rest * 100 + value) % 97 : (rest * 10 + value) % 97;
  }
  return rest;
}

const VERHOEFF_D = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 2, 3, 4, 0, 6, 7, 8, 9, 5],
  [2, 3, 4, 0, 1, 7, 8, 9, 5, 6],
  [3, 4, 0, 1, 2, 8, 9, 5, 6, 7],
  [4, 0, 1, 2, 3, 9, 5, 6, 7, 8],
  [5, 9, 8, 7, 6, 0, 4, 3, 2, 1],
  [6, 5, 9, 8, 7, 1, 0, 4, 3, 2],
  [7, 6, 5, 9, 8, 2, 1, 0, 4, 3],
  [8, 7, 6, 5, 9, 3, 2, 1, 0, 4],
  [9, 8, 7, 6, 5, 4, 3, 2, 1, 0],
];
const VERHOEFF_P = [
  [0, 1, 2, 3, 4, 5, 6, 7, 8, 9],
  [1, 5, 7, 6, 2, 8, 3, 0, 9, 4],
  [5, 8, 0, 3, 7, 9, 6, 1, 4, 2],
  [8, 9, 1, 6, 0, 4, 3, 5, 2, 7],
  [9, 4, 5, 3, 1, 2, 6, 8, 7, 0],
  [4, 2, 8, 6, 5, 7, 3, 9, 0, 1],
  [2, 7, 9, 3, 8, 0, 6, 4, 1, 5],
  [7, 0, 4, 6, 9, 1, 3, 2, 5, 8],
];

/** True when a digit string passes the Verhoeff check (India's Aadhaar). */
export function verhoeffValid(digits: readonly number[]): boolean {
  let check = 0;
  for (let i = 0; i < digits.length; i++) {
    const d = digits[digits.length - 1 - i] ?? 0;
    check = VERHOEFF_D[check]?.[VERHOEFF_P[i % 8]?.[d] ?? 0] ?? 0;
  }
  return digits.length > 0 && check === 0;
}

/** The weighted sum of digits mod 11 with the given weights (Brazil's CPF, China's resident identity number). */
export function weightedMod11(digits: readonly number[], weights: readonly number[]): number {
  let sum = 0;
  for (let i = 0; i < weights.length; i++) sum += (digits[i] ?? 0) * (weights[i] ?? 0);
  return sum % 11;
}
