// IBANs: a country code, two check digits and the country's account format, valid by ISO 7064 mod 97-10.
import { mod97 } from './checksums.js';

/** The length of an IBAN per country (ISO 13616 registry). */
const IBAN_LENGTHS: Readonly<Record<string, number>> = Object.freeze(
  Object.fromEntries(
    (
      'AD24 AE23 AL28 AT20 AZ28 BA20 BE16 BG22 BH22 BI27 BR29 BY28 CH21 CR22 CY28 CZ24 DE22 DJ27 DK18 DO28 ' +
      'EE20 EG29 ES24 FI18 FK18 FO18 FR27 GB22 GE22 GI23 GL18 GR27 GT28 HR21 HU28 IE22 IL23 IQ23 IS26 IT27 ' +
      'JO30 KW30 KZ20 LB28 LC32 LI21 LT20 LU20 LV21 LY25 MC27 MD24 ME22 MK19 MN20 MR27 MT31 MU30 NI28 NL18 ' +
      'NO15 OM23 PK24 PL28 PS29 PT25 QA29 RO24 RS22 RU33 SA24 SC31 SD18 SE24 SI19 SK24 SM27 SO23 ST25 SV28 ' +
      'TL23 TN24 TR26 UA29 VA22 VG24 XK20 YE30'
    )
      .split(' ')
      .map((entry) => [entry.slice(0, 2), Number(entry.slice(2))]),
  ),
);

/** Where an IBAN may start: a country code and two digits, not inside a word. */
const IBAN_START = /(?<![A-Za-z0-9])[A-Z]{2}\d{2}/g;

/** True when a compact IBAN (no blanks) has its country's length and a remainder of 1 mod 97. */
export function ibanValid(iban: string): boolean {
  const length = IBAN_LENGTHS[iban.slice(0, 2)];
  if (length === undefined || iban.length !== length || !/^[A-Z]{2}\d{2}[A-Z0-9]+$/.test(iban)) return false;
  return mod97(iban.slice(4) + iban.slice(0, 4)) === 1;
}

/** The end of the IBAN whose country code starts at `at`, compact or in groups of four, or -1. */
function ibanEnd(text: string, at: number): number {
  const length = IBAN_LENGTHS[text.slice(at, at + 2)];
  if (length === undefined) return -1;
  let compact = '';
  let i = at;
  while (i < text.length && compact.length < length) {
    const c = text.charAt(i);
    if (/[A-Z0-9]/.test(c)) compact += c;
    else if (c !== ' ' || !/[A-Z0-9]/.test(text.charAt(i + 1)) || compact.length % 4 !== 0) break;
    i++;
  }
  if (/[A-Za-z0-9]/.test(text.charAt(i))) return -1;
  return ibanValid(compact) ? i : -1;
}

/** Every valid IBAN in `text`, as ranges. */
export function findIbans(text: string): [number, number][] {
  const found: [number, number][] = [];
  IBAN_START.lastIndex = 0;
  for (let m = IBAN_START.exec(text); m !== null; m = IBAN_START.exec(text)) {
    const end = ibanEnd(text, m.index);
    if (end < 0) continue;
    found.push([m.index, end]);
    IBAN_START.lastIndex = end;
  }
  return found;
}
