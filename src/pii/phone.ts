// Phone numbers in international form (`+44 20 7946 0958`), found and validated by libphonenumber-js.
import { createRequire } from 'node:module';

/** The one function of libphonenumber-js the detector uses (declared here: the package loads only when needed). */
interface PhoneLibrary {
  findPhoneNumbersInText(text: string): readonly { readonly startsAt: number; readonly endsAt: number }[];
}

let library: PhoneLibrary | null = null;

/**
 * libphonenumber-js, loaded the first time a text may hold a phone number: its metadata is large, and text without
 * a `+` and digits never needs it. `require` keeps detection synchronous.
 */
function phoneLibrary(): PhoneLibrary {
  library ??= createRequire(import.meta.url)('libphonenumber-js') as PhoneLibrary;
  return library;
}

/** A `+` before a digit: where an international number may start. */
const PLUS_DIGIT = /\+\s?\d/;

/** True when libphonenumber-js can be loaded (an optional package: without it no phone number is found). */
export function phoneLibraryPresent(): boolean {
  try {
    phoneLibrary();
    return true;
  } catch {
    return false;
  }
}

/**
 * Every valid phone number in `text` written in international form (a `+` and the country code), as ranges. A
 * number in national form does not say its country, so it cannot be checked and is left alone.
 */
export function findPhones(text: string): [number, number][] {
  if (!PLUS_DIGIT.test(text)) return [];
  try {
    return phoneLibrary()
      .findPhoneNumbersInText(text)
      .filter((found) => text.charAt(found.startsAt) === '+')
      .map((found): [number, number] => [found.startsAt, found.endsAt]);
  } catch {
    // A library that fails on odd content finds nothing there.
    return [];
  }
}
