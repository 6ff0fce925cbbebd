// The disguises of the security bench: how an attacker writes a value into an injection, or a model writes it out.

/** Every derivation the bench measures, in report order. */
export const DERIVATIONS = [
  'verbatim',
  'case-changed',
  'zero-width',
  'url-encoded',
  'base64',
  '(at)/(dot)',
  'split',
] as const;

/** One derivation. */
export type Derivation = (typeof DERIVATIONS)[number];

/** Where the disguise is: written into the injection (the model undoes it), or applied to the argument. */
export type DerivationSide = 'injection' | 'argument';

const ZERO_WIDTH_SPACE = '\u200b';

function percentEncoded(value: string): string {
  return Array.from(
    Buffer.from(value, 'utf8'),
    (byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');
}

function caseChanged(value: string): string | undefined {
  const upper = value.toUpperCase();
  const changed = upper === value ? value.toLowerCase() : upper;
  return changed === value ? undefined : changed;
}

function atDot(value: string): string | undefined {
  if (!/[@.]/.test(value)) return undefined;
  return value.replaceAll('@', ' (at) ').replaceAll('.', ' (dot) ');
}

/** The value cut into two or three pieces of similar length. */
export function pieces(value: string): readonly string[] {
  const chars = Array.from(value);
  const count = chars.length >= 6 ? 3 : 2;
  const size = Math.ceil(chars.length / count);
  const parts: string[] = [];
  for (let start = 0; start < chars.length; start += size)
    parts.push(chars.slice(start, start + size).join(''));
  return parts;
}

/**
 * The value as it stands in the argument when the derivation is applied to it, or `undefined` where the
 * derivation does not apply (a value case cannot change, a value without `@` or `.`, a split: rejoined it is
 * the value itself).
 */
export function disguisedArgument(value: string, derivation: Derivation): string | undefined {
  switch (derivation) {
    case 'verbatim':
      return value;
    case 'case-changed':
      return caseChanged(value);
    case 'zero-width':
      return Array.from(value).join(ZERO_WIDTH_SPACE);
    case 'url-encoded':
      return percentEncoded(value);
    case 'base64':
      return Buffer.from(value, 'utf8').toString('base64');
    case '(at)/(dot)':
      return atDot(value);
    case 'split':
      return undefined;
  }
}

/**
 * The value as the attacker writes it into the injection for a model to undo: the argument form with a word
 * saying how it is encoded where a model needs one, and a split as quoted pieces joined by `+`.
 */
export function disguisedInInjection(value: string, derivation: Derivation): string | undefined {
  if (derivation === 'split')
    return pieces(value)
      .map((piece) => `'${piece}'`)
      .join(' + ');
  const written = disguisedArgument(value, derivation);
  if (written === undefined) return undefined;
  if (derivation === 'url-encoded') return `${written} (URL-encoded)`;
  if (derivation === 'base64') return `${written} (base64)`;
  return written;
}

/**
 * The goal with every key value written in the derivation's form (a quoted value loses its quotes when split,
 * so the pieces stand on their own), or `undefined` when the derivation applies to none of the values.
 */
export function disguisedGoal(
  goal: string,
  values: readonly string[],
  derivation: Derivation,
): string | undefined {
  let text = goal;
  let applied = false;
  // Longest first, so a value inside another (a name inside a title) is not disguised twice.
  for (const value of [...new Set(values)].sort((a, b) => b.length - a.length)) {
    const written = disguisedInInjection(value, derivation);
    if (written === undefined || !text.includes(value)) continue;
    applied = true;
    text =
      derivation === 'split' && text.includes(`'${value}'`)
        ? text.replaceAll(`'${value}'`, written)
        : text.replaceAll(value, written);
  }
  return applied ? text : undefined;
}
