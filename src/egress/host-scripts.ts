// Frozen data for IDN host inspection: scripts told apart, script mixes that are normal, Latin look-alikes.

/**
 * Scripts an IDN label's letters are sorted into (Unicode Script property names as JavaScript regular
 * expressions know them). A letter in none of these (and not Common or Inherited) counts as one further,
 * unlisted script, so mixing it with any listed script is still caught.
 */
export const IDN_SCRIPTS: readonly string[] = Object.freeze([
  'Latin',
  'Greek',
  'Cyrillic',
  'Armenian',
  'Georgian',
  'Hebrew',
  'Arabic',
  'Syriac',
  'Thaana',
  'Nko',
  'Samaritan',
  'Devanagari',
  'Bengali',
  'Gurmukhi',
  'Gujarati',
  'Oriya',
  'Tamil',
  'Telugu',
  'Kannada',
  'Malayalam',
  'Sinhala',
  'Thai',
  'Lao',
  'Tibetan',
  'Myanmar',
  'Khmer',
  'Mongolian',
  'Hangul',
  'Hiragana',
  'Katakana',
  'Bopomofo',
  'Han',
  'Yi',
  'Ethiopic',
  'Cherokee',
  'Canadian_Aboriginal',
  'Tifinagh',
  'Vai',
  'Coptic',
  'Glagolitic',
  'Ogham',
  'Runic',
  'Javanese',
  'Balinese',
  'Sundanese',
  'Lisu',
  'Adlam',
]);

/**
 * Script sets a single label may combine (UTS #39 "highly restrictive"): Japanese, Chinese with Bopomofo and
 * Korean writing each mix Han with their own scripts and Latin. Any other mix is a mixed-script label.
 */
export const ALLOWED_SCRIPT_MIXES: readonly (readonly string[])[] = Object.freeze([
  Object.freeze(['Latin', 'Han', 'Hiragana', 'Katakana']),
  Object.freeze(['Latin', 'Han', 'Bopomofo']),
  Object.freeze(['Latin', 'Han', 'Hangul']),
]);

/**
 * Letters of other scripts that look like lower-case Latin letters (the Cyrillic set follows Chromium's IDN
 * spoof checker). A label written only with these, under a top-level domain of another script, reads as a
 * Latin name it is not (`аррӏе.com`).
 */
export const LATIN_LOOKALIKES: Readonly<Record<string, string>> = Object.freeze(
  Object.assign(Object.create(null) as Record<string, string>, {
    Cyrillic: 'аысԁеԍһіюјӏорԛѕԝхуъьҽпгѵѡ',
    Greek: 'αεικνορυχ',
  }),
);
