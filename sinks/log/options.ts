// The log sink's bounds, with frozen defaults and a check that refuses nonsense at configuration time.

/** Bounds on one log line. */
export interface LogLineOptions {
  /** Longest line, in UTF-16 units; whole top-level fields are left out (and counted) to stay under it. */
  readonly maxLineLength: number;
  /** Longest string value, in code points; longer strings are cut with an explicit marker. */
  readonly maxStringLength: number;
  /** Deepest nesting of objects and arrays kept. */
  readonly maxDepth: number;
  /** Most array items and object members kept per container. */
  readonly maxItems: number;
}

/** The defaults: a line fits a typical log pipeline's 16 KiB record with room to spare. */
export const DEFAULT_LOG_OPTIONS: LogLineOptions = Object.freeze({
  maxLineLength: 8192,
  maxStringLength: 1024,
  maxDepth: 4,
  maxItems: 32,
});

/** The smallest line length accepted: room for the cut marker and a few fields. */
export const MIN_LINE_LENGTH = 256;

/** The defaults with overrides applied; throws a TypeError for a bound that is not a positive integer. */
export function resolveLogOptions(overrides: Partial<LogLineOptions> = {}): LogLineOptions {
  const options = { ...DEFAULT_LOG_OPTIONS, ...overrides };
  for (const [name, value] of Object.entries(options)) {
    if (!Number.isSafeInteger(value) || value <= 0)
      throw new TypeError(`Log option ${name} must be a positive integer.`);
  }
  if (options.maxLineLength < MIN_LINE_LENGTH) {
    throw new TypeError(`Log option maxLineLength must be at least ${MIN_LINE_LENGTH}.`);
  }
  return Object.freeze(options);
}
