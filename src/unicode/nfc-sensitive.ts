// Which code points can make a text change under NFC: text without any of them is NFC as it stands.

const MARK = /^\p{M}$/u;
const OTHER_LETTER = /^\p{Lo}$/u;

/**
 * True for a code point that can make a text change under NFC, by V8's own normalization data:
 * - a combining mark: marks carry the non-zero combining classes that NFC reorders, and nearly all the
 *   characters that compose with the one before them;
 * - a character that NFC changes on its own (singletons such as U+212B ANGSTROM SIGN, composition
 *   exclusions such as U+0958, decompositions such as U+0344);
 * - a conjoining Hangul vowel or trailing consonant, which composes with the syllable before it;
 * - any letter outside the Basic Multilingual Plane that is not cased (Lo), since newer scripts add
 *   letter-shaped vowel signs that compose (U+16D67 KIRAT RAI VOWEL SIGN E).
 * Everything else has combining class 0 and composes with nothing before it, so a text made only of such
 * characters is NFC. A test checks this against every assigned code point.
 */
export function isNfcSensitive(codePoint: number): boolean {
  const character = String.fromCodePoint(codePoint);
  return (
    MARK.test(character) ||
    character.normalize('NFC') !== character ||
    (codePoint >= 0x1160 && codePoint <= 0x11ff) ||
    (codePoint >= 0xd7b0 && codePoint <= 0xd7ff) ||
    (codePoint > 0xffff && OTHER_LETTER.test(character))
  );
}
