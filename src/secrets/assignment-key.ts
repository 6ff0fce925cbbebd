// The key side of a key/value assignment: which identifier names a credential, and where it stands in code.
import { classifyKey, type KeyClass } from './keys.js';

/** The identifier before an assignment operator, with the kind of credential it names. */
export interface Key {
  readonly start: number;
  readonly end: number;
  readonly kind: KeyClass;
  /** A command-line flag (`--token`, `-Password`). */
  readonly flag: boolean;
  /** The name is one plain lower-case word (`pass`, `key`, `token`): prose uses it too. */
  readonly plainWord: boolean;
}

/** True for a character of an identifier, a dotted name or a flag. */
export function isKeyCode(c: number): boolean {
  return (
    (c >= 48 && c <= 57) || (c >= 65 && c <= 90) || (c >= 97 && c <= 122) || c === 95 || c === 45 || c === 46
  );
}

/** A file name (`token-util.ts`, `auth.py`): a `name.ext:line` reference, never a credential's name. */
const FILE_NAME =
  /\.(?:[cm]?[jt]sx?|py|rb|go|rs|java|kt|swift|c|h|cc|cpp|hpp|cs|php|sh|ps1|md|mdx|json|ya?ml|toml|ini|txt|html?|css|scss|vue|svelte|lock|log|xml|proto|sql|d\.ts)$/i;

/** The part of a name that says what its value is: past a Java `-D` flag, the last segment of a dotted name
 * (`cookie.parse` names a function, `db.password` a password), except a convention that spans the dot. */
function namedPart(raw: string): string {
  const bare = raw.replace(/^-+D(?=[a-z])/, '').replace(/^[-.]+|[-.]+$/g, '');
  if (/^sonar\.login$/i.test(bare)) return bare;
  return bare.slice(bare.lastIndexOf('.') + 1);
}

/** The credential key around `at` in `text[from, to)`, or null when the identifier there names none. */
export function keyAround(text: string, at: number, from: number, to: number): Key | null {
  let start = at;
  while (start > from && at - start < 64 && isKeyCode(text.charCodeAt(start - 1))) start--;
  let end = at;
  while (end < to && end - at < 64 && isKeyCode(text.charCodeAt(end))) end++;
  const raw = text.slice(start, end);
  if (FILE_NAME.test(raw)) return null;
  const flag = raw.startsWith('-');
  const name = namedPart(raw);
  const kind = classifyKey(name);
  if (kind === null) return null;
  return { start, end, kind, flag, plainWord: !flag && /^[a-z]+$/.test(name) };
}

/** True when `at` stands inside an HTML or JSX start tag on its line (`<div key={…}>`): an attribute. */
export function insideTag(text: string, at: number, lineStart: number): boolean {
  const head = text.slice(lineStart, at);
  const open = head.lastIndexOf('<');
  return open >= 0 && /^<[A-Za-z]/.test(head.slice(open)) && head.indexOf('>', open) < 0;
}
