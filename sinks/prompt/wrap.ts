// wrapUntrusted: the public entry that tags one untrusted text for a prompt, with a fresh nonce per call.
import { checkSource } from '../../src/taint/source.js';
import { heldValue, isUntrusted } from '../../src/taint/untrusted.js';
import type { Untrusted } from '../../src/taint/untrusted.js';
import { freshNonce } from './boundary.js';
import type { WrapMode } from './boundary.js';
import { renderBlock } from './render.js';
import type { RenderedBlock } from './render.js';

/** How to wrap one value. */
export interface WrapOptions {
  /** The source named in the boundary. Defaults to the untrusted value's own source; required for a plain string. */
  readonly source?: string;
  /** How the content is encoded inside the boundary (default `tags`). */
  readonly mode?: WrapMode;
}

/**
 * Wraps untrusted text for a prompt and reports what neutralising changed. See {@link wrapUntrusted}; this form
 * also returns findings (codes and counts) for the audit record.
 */
export function wrapUntrustedDetailed(
  value: Untrusted<string> | string,
  options: WrapOptions = {},
): RenderedBlock {
  const content: unknown = isUntrusted(value) ? heldValue(value) : value;
  if (typeof content !== 'string')
    throw new TypeError('wrapUntrusted takes a string or an untrusted string.');
  if (options.source !== undefined) checkSource(options.source);
  const source = options.source ?? (isUntrusted(value) ? value.source : undefined);
  if (source === undefined) throw new TypeError('wrapUntrusted needs a source for a plain string.');
  return renderBlock(content, { source, mode: options.mode ?? 'tags', nonce: freshNonce() });
}

/**
 * Wraps untrusted text in a boundary that the text cannot close or forge: `<untrusted-NONCE source=… format=…>`,
 * the content, `</untrusted-NONCE>`, with a fresh 96-bit nonce from `crypto.getRandomValues` on every call.
 * Inside the content every look-alike of the boundary or nonce and every chat-template control token or turn
 * marker is defused to a visible `⟦name⟧`. Modes: `tags` (the text as is), `json` (one JSON string literal),
 * `datamark` (white space replaced by a marker named in the tag), `base64` (UTF-8, base64). Tagging helps a model
 * tell data from instructions; it is not a proof, so keep untrusted values out of trusted slots as well.
 */
export function wrapUntrusted(value: Untrusted<string> | string, options: WrapOptions = {}): string {
  return wrapUntrustedDetailed(value, options).text;
}
