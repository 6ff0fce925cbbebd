// The forms a copied text can take: an argument's disguise undone, and what a model can read back out of output.
import { decodeHTML } from 'entities';
import { joinedPieces } from './joined-pieces.js';

/**
 * How a copy was found, for the decision's explanation: `verbatim` (the same text, also across case, width,
 * invisible characters and spacing), `percent` (percent- or form-encoded), `base64`, `html` (character
 * references), `at-dot` (`(at)`/`(dot)` and similar spellings), `split` (quoted pieces the text joins with `+`),
 * `instructed` (a short value the output instructs the assistant to use).
 */
export type CopyForm = 'verbatim' | 'percent' | 'base64' | 'html' | 'at-dot' | 'split' | 'instructed';

/** One form of a text and how it was made. */
export interface LabelledForm {
  readonly form: CopyForm;
  readonly text: string;
}

/**
 * Most forms one argument text is compared in: as written (invisibles dropped), percent-decoded, base64-decoded,
 * and both decodings in either order. Each form is at most as long as the text, so comparing costs at most this
 * many times what comparing the text alone costs.
 */
export const MAX_COPY_FORMS = 5;

/** Shortest run of base64 characters worth decoding: 8 characters carry 6 bytes. */
const MIN_BASE64_RUN = 8;

/** Invisible formatting and default-ignorable characters (zero-width spaces and joiners, soft hyphens, marks). */
const INVISIBLE = /[\p{Default_Ignorable_Code_Point}\p{Cf}]/gu;
/** A run of percent-encoded bytes. */
const PERCENT_RUN = /(?:%[0-9A-Fa-f]{2})+/g;
/** A run of characters from either base64 alphabet, with its padding. */
const BASE64_RUN = /[A-Za-z0-9+/_-]{8,}={0,2}/g;
/** What decoded bytes may not hold to count as text: controls other than tab and line breaks, and U+FFFD. */
const NOT_TEXT = /[^\P{Cc}\t\n\r]|\uFFFD/u;
/** A character reference: named, decimal or hexadecimal. */
const CHARACTER_REFERENCE = /&(?:#\d{1,7}|#x[0-9a-f]{1,6}|[a-z][a-z0-9]{1,31});?/i;

const strictUtf8 = new TextDecoder('utf-8', { fatal: true });
const lenientUtf8 = new TextDecoder('utf-8');

/** The text without invisible characters, which a reader does not see and a copy can be salted with. */
export function stripInvisibles(text: string): string {
  return text.replace(INVISIBLE, '');
}

/**
 * The distinct forms of an argument text to compare, at most {@link MAX_COPY_FORMS}, each no longer than the
 * text, labelled: the text without invisibles (`verbatim`); its percent-decoding (a `+` read as a space when
 * the text has no space and no `/`, as in a form-encoded value) and its base64-decoding; and each of those
 * decoded the other way (`base64`). A base64 run is decoded only when it is at least eight characters of one
 * alphabet and its bytes are UTF-8 text without controls. Linear in the length of the text.
 */
export function argumentForms(text: string): readonly LabelledForm[] {
  const plain = stripInvisibles(text);
  const percent = percentDecoded(plain);
  const base64 = base64Decoded(plain);
  const forms: LabelledForm[] = [
    { form: 'verbatim', text: plain },
    { form: 'percent', text: percent },
    { form: 'base64', text: base64 },
    { form: 'base64', text: base64Decoded(percent) },
    { form: 'base64', text: stripInvisibles(percentDecoded(base64)) },
  ];
  return distinct(forms).slice(0, MAX_COPY_FORMS);
}

/**
 * The forms a model can read back out of output text, labelled, each made only when it differs from the text:
 * the text without invisibles (`verbatim`); character references decoded (`html`); percent-encoded runs
 * decoded (`percent`); base64 runs decoded (`base64`); quoted pieces joined with `+` put together (`split`).
 * Each is at most as long as the text. Linear in the length of the text.
 */
export function outputForms(text: string): readonly LabelledForm[] {
  const plain = stripInvisibles(text);
  const forms: LabelledForm[] = [{ form: 'verbatim', text: plain }];
  if (CHARACTER_REFERENCE.test(plain)) forms.push({ form: 'html', text: stripInvisibles(decodeHTML(plain)) });
  if (plain.includes('%')) forms.push({ form: 'percent', text: stripInvisibles(percentDecoded(plain)) });
  forms.push({ form: 'base64', text: base64Decoded(plain) }, { form: 'split', text: joinedPieces(plain) });
  return distinct(forms);
}

function distinct(forms: readonly LabelledForm[]): LabelledForm[] {
  const seen = new Set<string>();
  return forms.filter((labelled) => !seen.has(labelled.text) && seen.add(labelled.text));
}

function percentDecoded(text: string): string {
  // A form-encoded value has no space and no `/` (it would be `%2F`), so its `+` stands for a space; base64
  // (which holds `/`) and prose keep their `+`.
  const spaced = /[ /]/.test(text) ? text : text.replaceAll('+', ' ');
  return text.includes('%') ? spaced.replace(PERCENT_RUN, decodePercentRun) : spaced;
}

function decodePercentRun(run: string): string {
  const bytes = new Uint8Array(run.length / 3);
  for (let k = 0; k < bytes.length; k++) bytes[k] = parseInt(run.slice(3 * k + 1, 3 * k + 3), 16);
  return lenientUtf8.decode(bytes);
}

function base64Decoded(text: string): string {
  return text.replace(BASE64_RUN, (run) => decodeBase64Run(run) ?? run);
}

/**
 * The text a base64 run stands for, or `undefined` when it is not plausibly base64 of text. `minimum` is the
 * fewest characters (padding aside) a run must have.
 */
export function decodeBase64Run(run: string, minimum = MIN_BASE64_RUN): string | undefined {
  const body = run.replace(/=+$/, '');
  if (body.length < minimum || body.length % 4 === 1) return undefined;
  if (/[+/]/.test(body) && /[-_]/.test(body)) return undefined;
  const standard = body.replaceAll('-', '+').replaceAll('_', '/');
  let binary: string;
  try {
    binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4));
  } catch {
    return undefined;
  }
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  let decoded: string;
  try {
    decoded = strictUtf8.decode(bytes);
  } catch {
    return undefined;
  }
  return NOT_TEXT.test(decoded) ? undefined : decoded;
}
