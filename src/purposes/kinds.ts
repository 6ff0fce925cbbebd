// The five field purposes a string leaf can declare.

/** What a string field is for; the purpose decides how it is sanitized and how every sink renders it. */
export const PURPOSE_KINDS = ['id', 'enum', 'text', 'url', 'html'] as const;

/** One field purpose. */
export type PurposeKind = (typeof PURPOSE_KINDS)[number];

/** True when a value names a purpose. */
export function isPurposeKind(value: unknown): value is PurposeKind {
  return typeof value === 'string' && (PURPOSE_KINDS as readonly string[]).includes(value);
}
