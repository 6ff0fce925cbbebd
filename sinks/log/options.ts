// The log sink's bounds and redaction policies, with frozen defaults and a check that refuses nonsense at configuration time.

/** Personal data in a logged string: kept (the default), or replaced by `[redacted:pii:<kind>]`. */
export type LogPiiPolicy = 'keep' | 'redact';
/** Placeholders in a credential's place (`AKIAIOSFODNN7EXAMPLE`): kept (the default), or redacted. */
export type LogPlaceholderPolicy = 'keep' | 'redact';

/** Bounds on one log line, and what its strings have redacted beyond secrets. */
export interface LogLineOptions {
  /** Longest line, in UTF-16 units; whole top-level fields are left out (and counted) to stay under it. */
  readonly maxLineLength: number;
  /** Longest string value, in code points; longer strings are cut with an explicit marker. */
  readonly maxStringLength: number;
  /** Deepest nesting of objects and arrays kept. */
  readonly maxDepth: number;
  /** Most array items and object members kept per container. */
  readonly maxItems: number;
  /** `redact` replaces e-mail addresses, phone numbers, payment cards, IBANs and national ids in strings. */
  readonly pii: LogPiiPolicy;
  /** `redact` redacts placeholders in a credential's place too. */
  readonly placeholders: LogPlaceholderPolicy;
}

/** The defaults: a line fits a typical log pipeline's 16 KiB record with room to spare; personal data and
 * placeholders are kept (secrets are always redacted). */
export const DEFAULT_LOG_OPTIONS: LogLineOptions = Object.freeze({
  maxLineLength: 8192,
  maxStringLength: 1024,
  maxDepth: 4,
  maxItems: 32,
  pii: 'keep',
  placeholders: 'keep',
});

/** The smallest line length accepted: room for the cut marker and a few fields. */
export const MIN_LINE_LENGTH = 256;

const POLICIES: ReadonlySet<string> = new Set(['pii', 'placeholders']);

/**
 * The defaults with overrides applied; throws a TypeError for a policy other than `keep` or `redact`, or any
 * other option that is not a positive integer.
 */
export function resolveLogOptions(overrides: Partial<LogLineOptions> = {}): LogLineOptions {
  const options = { ...DEFAULT_LOG_OPTIONS, ...overrides };
  for (const [name, value] of Object.entries(options)) {
    if (POLICIES.has(name)) {
      if (value !== 'keep' && value !== 'redact')
        throw new TypeError(`Log option ${name} must be "keep" or "redact".`);
    } else if (!Number.isSafeInteger(value) || (value as number) <= 0) {
      throw new TypeError(`Log option ${name} must be a positive integer.`);
    }
  }
  if (options.maxLineLength < MIN_LINE_LENGTH) {
    throw new TypeError(`Log option maxLineLength must be at least ${MIN_LINE_LENGTH}.`);
  }
  return Object.freeze(options);
}
