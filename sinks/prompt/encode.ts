// Encodes neutralised content for its wrap mode: as is, a JSON string, datamarked, or base64 of its UTF-8.
import type { WrapMode } from './boundary.js';
import { chooseMarker, datamark } from './datamark.js';

/** The encoded body of a block, and the datamark marker when there is one. */
export interface EncodedContent {
  readonly body: string;
  readonly marker?: string;
}

/** Code units per `String.fromCharCode` call while building base64 input (keeps argument lists small). */
const BASE64_CHUNK = 0x2000;

/** Encodes neutralised (and therefore well-formed) content for `mode`. */
export function encodeContent(content: string, mode: WrapMode): EncodedContent {
  switch (mode) {
    case 'tags':
      return { body: content };
    case 'json':
      return { body: JSON.stringify(content).replace(/[\u007f-\u009f\u2028\u2029]/g, escapeCodeUnit) };
    case 'datamark': {
      const marker = chooseMarker(content);
      return { body: datamark(content, marker), marker };
    }
    case 'base64':
      return { body: toBase64(new TextEncoder().encode(content)) };
  }
}

/**
 * JSON leaves DEL, C1 controls and the line and paragraph separators raw; escaping them keeps the literal on one
 * line for every reader (U+0085 and U+2028/9 end lines in some) and is still the same JSON string.
 */
function escapeCodeUnit(char: string): string {
  return '\\u' + char.charCodeAt(0).toString(16).padStart(4, '0');
}

/** Standard base64 (RFC 4648, padded) with the platform's `btoa`, available in Node and browsers. */
function toBase64(bytes: Uint8Array): string {
  let binary = '';
  for (let at = 0; at < bytes.length; at += BASE64_CHUNK) {
    binary += String.fromCharCode(...bytes.subarray(at, at + BASE64_CHUNK));
  }
  return btoa(binary);
}
