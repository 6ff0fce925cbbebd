// Replacing found ranges by markers, with a count per name: the one splice both redactors (secrets, PII) use.

/** What {@link replaceMatches} returns: the text with markers in, and how many ranges of each name it replaced. */
export interface ReplacedMatches<K extends string> {
  readonly text: string;
  readonly counts: Readonly<Partial<Record<K, number>>>;
}

/**
 * `text` with each range of `matches` (in order, without overlaps) replaced by `marker(nameOf(match))`, and a
 * count per name. The result and its counts are frozen.
 */
export function replaceMatches<M extends { readonly start: number; readonly end: number }, K extends string>(
  text: string,
  matches: readonly M[],
  nameOf: (match: M) => K,
  marker: (name: K) => string,
): ReplacedMatches<K> {
  const counts = Object.create(null) as Partial<Record<K, number>>;
  if (matches.length === 0) return Object.freeze({ text, counts: Object.freeze(counts) });
  const parts: string[] = [];
  let last = 0;
  for (const match of matches) {
    const name = nameOf(match);
    parts.push(text.slice(last, match.start), marker(name));
    counts[name] = (counts[name] ?? 0) + 1;
    last = match.end;
  }
  parts.push(text.slice(last));
  return Object.freeze({ text: parts.join(''), counts: Object.freeze(counts) });
}
