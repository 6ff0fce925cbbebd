// Test helper: a member name written as a JSON string literal, with chosen characters escaped.

/**
 * The literal of `name`, escaping the characters whose bit is set in `escapes` (and always a quote); a
 * surrogate pair is escaped as a pair or not at all.
 */
export function literal(name: string, escapes: number): string {
  let text = '"';
  Array.from(name).forEach((character, k) => {
    const escape = character === '"' || ((escapes >>> (k % 30)) & 1) === 1;
    if (!escape) text += character;
    else
      for (let u = 0; u < character.length; u++)
        text += `\\u${character.charCodeAt(u).toString(16).padStart(4, '0')}`;
  });
  return `${text}"`;
}
