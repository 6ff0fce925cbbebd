// The source label of an untrusted value: its allowed shape, and how derived values merge their sources.

/**
 * What one source may be called: a short identifier (letters, digits and `_ . : @ / -`, up to 64 characters)
 * starting with a letter or digit. Sources are configuration and are written into prompt boundaries verbatim,
 * so the shape is narrow enough that no label can carry markup, a quote or a space.
 */
export const SOURCE_PATTERN: RegExp = Object.freeze(/^[A-Za-z0-9][A-Za-z0-9_.:@/-]{0,63}$/);

/** The shape of a merged label: sources joined by `+`, possibly ending in a `+N-more` summary. */
export const SOURCE_LABEL_PATTERN: RegExp = Object.freeze(/^[A-Za-z0-9][A-Za-z0-9_.:@/+-]{0,159}$/);

/** Longest merged label before the rest is summarised (leaves room for `+N-more` within 160 characters). */
const MAX_MERGED_LENGTH = 146;

/** Throws a TypeError when `source` is not a valid single source (a configuration mistake). */
export function checkSource(source: unknown): asserts source is string {
  if (typeof source !== 'string' || !SOURCE_PATTERN.test(source)) {
    throw new TypeError(
      'An untrusted source must be a short identifier matching ' + String(SOURCE_PATTERN) + '.',
    );
  }
}

/** Throws a TypeError when `label` is neither a single source nor a merged label. */
export function checkSourceLabel(label: unknown): asserts label is string {
  if (typeof label !== 'string' || !SOURCE_LABEL_PATTERN.test(label)) {
    throw new TypeError('An untrusted source label must match ' + String(SOURCE_LABEL_PATTERN) + '.');
  }
}

/**
 * The label of a value derived from several sources: the distinct sources in first-seen order, joined by `+`.
 * Labels that were themselves merged are split first, so merging is associative and never repeats a source.
 * Sources that do not fit are counted instead (`a+b+3-more`).
 */
export function mergeSources(labels: readonly string[]): string {
  const distinct: string[] = [];
  for (const label of labels) {
    for (const part of label.split('+')) {
      if (!distinct.includes(part)) distinct.push(part);
    }
  }
  const [first = '', ...rest] = distinct;
  let merged = first;
  for (const [index, source] of rest.entries()) {
    const next = `${merged}+${source}`;
    if (next.length > MAX_MERGED_LENGTH) return `${merged}+${rest.length - index}-more`;
    merged = next;
  }
  return merged;
}
