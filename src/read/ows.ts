// HTTP optional whitespace (RFC 9110 section 5.6.3): only space and horizontal tab, never other Unicode spaces.

/** True for SP or HTAB. */
export function isOws(char: string | undefined): boolean {
  return char === ' ' || char === '\t';
}

/** The index of the first character at or after `start` that is not SP or HTAB. */
export function skipOws(text: string, start: number): number {
  let i = start;
  while (i < text.length && isOws(text[i])) i++;
  return i;
}

/** `text` without leading and trailing SP and HTAB. */
export function trimOws(text: string): string {
  const start = skipOws(text, 0);
  let end = text.length;
  while (end > start && isOws(text[end - 1])) end--;
  return text.slice(start, end);
}
