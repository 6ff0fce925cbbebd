// The field purposes a string leaf can declare, and what each one means to every part of Airlock.

/** How a UI sink shows a string of one purpose. */
export type PurposeDisplay = 'text' | 'link' | 'markup';

/** What a purpose means outside its sanitizer. Each answer is read here and nowhere else. */
export interface PurposeTraits {
  /** UI sinks: inert text, a link checked by the egress policy, or markup sanitized again by the sink. */
  readonly display: PurposeDisplay;
  /** Prose or markup written by the tool's source: untrusted when it reaches application code or a prompt. */
  readonly untrusted: boolean;
  /** Tool-call taint tracking remembers values of this purpose and watches for them in later arguments. */
  readonly remembered: boolean;
  /** The metadata-only projection keeps it (identifiers and exact-match states). */
  readonly metadata: boolean;
  /** A contract may give contract-wide default options for it (`purposes.<kind>` in a contract). */
  readonly contractDefaults: boolean;
}

/**
 * The purpose registry's ground half: every purpose and its traits. The sanitizer of each lives in
 * `src/purposes/registry.ts`, typed against this table, so adding a purpose here makes the compiler list
 * every place left to complete.
 */
export const PURPOSE_TRAITS = Object.freeze({
  id: { display: 'text', untrusted: false, remembered: false, metadata: true, contractDefaults: false },
  enum: { display: 'text', untrusted: false, remembered: false, metadata: true, contractDefaults: false },
  text: { display: 'text', untrusted: true, remembered: true, metadata: false, contractDefaults: true },
  url: { display: 'link', untrusted: false, remembered: true, metadata: false, contractDefaults: true },
  html: { display: 'markup', untrusted: true, remembered: true, metadata: false, contractDefaults: true },
} as const satisfies Readonly<Record<string, PurposeTraits>>);

/** One field purpose. */
export type PurposeKind = keyof typeof PURPOSE_TRAITS;

/** What a string field is for; the purpose decides how it is sanitized and how every sink renders it. */
export const PURPOSE_KINDS = Object.freeze(Object.keys(PURPOSE_TRAITS) as PurposeKind[]);

/** True when a value names a purpose. */
export function isPurposeKind(value: unknown): value is PurposeKind {
  return typeof value === 'string' && Object.hasOwn(PURPOSE_TRAITS, value);
}

/** The purposes whose trait is true, in registry order. */
export function purposesWith(trait: Exclude<keyof PurposeTraits, 'display'>): readonly PurposeKind[] {
  return Object.freeze(PURPOSE_KINDS.filter((kind) => PURPOSE_TRAITS[kind][trait]));
}
