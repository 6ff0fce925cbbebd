// Spotlighting datamarking: every white-space character becomes a marker character chosen afresh per render.

/**
 * The characters a datamark may use. Each is visible, is not white space, folds to itself (no NFKC or UTS #39
 * mapping, so it can never imitate a delimiter), and is rare in prose. `^` is the marker of the Spotlighting
 * paper; the rest widen the choice so a marker absent from the content can usually be found.
 */
export const DATAMARK_CANDIDATES: readonly string[] = Object.freeze([
  '^',
  '§',
  '¶',
  '¤',
  '†',
  '‡',
  '※',
  '⁂',
  '◆',
  '▪',
  '♦',
  '∴',
  '⁘',
  '¬',
]);

/** What replaces content characters equal to the marker, so that every marker in the block means white space. */
const MARKER_STAND_IN = '\uFFFD';

/** A random marker that does not occur in `content`; when every candidate occurs, a random candidate. */
export function chooseMarker(content: string): string {
  const absent = DATAMARK_CANDIDATES.filter((candidate) => !content.includes(candidate));
  const pool = absent.length > 0 ? absent : DATAMARK_CANDIDATES;
  const [random = 0] = globalThis.crypto.getRandomValues(new Uint32Array(1));
  return pool[random % pool.length] ?? '^';
}

/**
 * Datamarks `content`: each white-space character (line breaks included, so the block is one line and no
 * content line can start a turn) becomes `marker`; a character equal to the marker becomes U+FFFD first.
 */
export function datamark(content: string, marker: string): string {
  return content.replaceAll(marker, MARKER_STAND_IN).replace(/\p{White_Space}/gu, marker);
}
