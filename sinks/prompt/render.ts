// Renders one untrusted text as a bounded block: neutralise, encode for the mode, enclose in nonce-bearing tags.
import type { Finding } from '../../src/vocabulary/finding.js';
import { closingTag, openingTag, WRAP_MODES } from './boundary.js';
import type { WrapMode } from './boundary.js';
import { encodeContent } from './encode.js';
import { neutralise } from './neutralise.js';

/** Everything a render needs. The nonce must be fresh for each render (see `freshNonce`). */
export interface BlockSpec {
  readonly source: string;
  readonly mode: WrapMode;
  readonly nonce: string;
}

/** A rendered block, with what neutralising changed. */
export interface RenderedBlock {
  readonly text: string;
  readonly findings: readonly Finding[];
}

/**
 * Renders `content` inside a boundary: the opening tag, a line break, the neutralised and encoded content, a line
 * break, the closing tag. The content can hold neither tag (nor the nonce) in any look-alike form, so the block
 * ends exactly where the closing tag says. Throws a TypeError for a bad source or mode (configuration).
 */
export function renderBlock(content: string, { source, mode, nonce }: BlockSpec): RenderedBlock {
  if (!WRAP_MODES.includes(mode))
    throw new TypeError(`Unknown wrap mode; expected one of ${WRAP_MODES.join(', ')}.`);
  const { text, findings } = neutralise(content, nonce);
  const { body, marker } = encodeContent(text, mode);
  const open = openingTag({ nonce, source, mode, ...(marker === undefined ? {} : { marker }) });
  return { text: `${open}\n${body}\n${closingTag(nonce)}`, findings };
}
