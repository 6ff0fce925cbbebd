// The untrusted-data boundary: its tag name, a fresh nonce per render, and the opening and closing tags.
import { checkSourceLabel } from '../../src/taint/source.js';

/** The tag name of every boundary; the nonce is appended to it (`<untrusted-9f2c…>`). */
export const BOUNDARY_NAME = 'untrusted';

/** Random bytes in each nonce: 96 bits, so a nonce cannot be guessed and one seen earlier never repeats. */
export const NONCE_BYTES = 12;

/** How the content inside a boundary is encoded. */
export type WrapMode = 'tags' | 'json' | 'datamark' | 'base64';

/** Every wrap mode, in documentation order. */
export const WRAP_MODES: readonly WrapMode[] = Object.freeze(['tags', 'json', 'datamark', 'base64']);

/** A fresh nonce: {@link NONCE_BYTES} bytes from the platform CSPRNG (`crypto.getRandomValues`, Node and browsers), as lower-case hex. */
export function freshNonce(): string {
  const bytes = globalThis.crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  let hex = '';
  for (const byte of bytes) hex += byte.toString(16).padStart(2, '0');
  return hex;
}

/** What the opening tag states about the block. */
export interface BoundaryAttributes {
  readonly nonce: string;
  readonly source: string;
  readonly mode: WrapMode;
  /** Datamark mode: the character that stands for white space inside the block. */
  readonly marker?: string;
}

/** The opening tag, such as `<untrusted-9f2c… source="tickets" format="json">`. The source must be a source label. */
export function openingTag({ nonce, source, mode, marker }: BoundaryAttributes): string {
  checkSourceLabel(source);
  const markerAttribute = marker === undefined ? '' : ` marker="${marker}"`;
  return `<${BOUNDARY_NAME}-${nonce} source="${source}" format="${mode}"${markerAttribute}>`;
}

/** The closing tag that matches an opening tag with the same nonce. */
export function closingTag(nonce: string): string {
  return `</${BOUNDARY_NAME}-${nonce}>`;
}
