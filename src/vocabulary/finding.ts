// What a purpose reports when it changes, flags or refuses a value: codes, counts and locations, never text.

/** What happened to the value because of a finding. */
export type FindingAction = 'cleaned' | 'reported' | 'rejected';

/**
 * One sanitizer hit. Findings reach the outcome's meta and the audit record; they carry a stable code, how
 * many times it hit, where (a JSON pointer into the validated value) and what was done, never input text.
 */
export interface Finding {
  /** A stable code such as `text.bidi_control` or `url.private_address`. */
  readonly code: string;
  /** JSON pointer of the field in the validated value ('' for a value checked on its own). */
  readonly pointer: string;
  /** How many occurrences this finding stands for. */
  readonly count: number;
  /** Whether the value was cleaned, only reported, or refused. */
  readonly action: FindingAction;
  /** Structured facts (counts, code points as hex, reason codes). Never a fragment of the input. */
  readonly detail?: Readonly<Record<string, string | number | boolean>>;
}
