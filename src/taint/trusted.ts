// The run-time guard of trusted slots: an untrusted value that reached one (through `any`) is refused loudly.
import { findUntrusted } from './contains.js';
import { isUntrusted } from './untrusted.js';

/**
 * Thrown when an untrusted value reaches a slot reserved for trusted text (a system prompt, an instruction).
 * The type system already refuses this; the error catches code that went around it (`any`, casts, plain
 * JavaScript). It is a programming mistake, so it throws; its message names the slot and the source, never the
 * value.
 */
export class UntrustedPlacementError extends TypeError {
  override readonly name = 'UntrustedPlacementError';
  /** The slot that was refused, such as `system[2]`. */
  readonly slot: string;

  /** Builds the error for a slot; `source` is the untrusted value's source label when known. */
  constructor(slot: string, source?: string) {
    super(
      source === undefined
        ? `An untrusted value reached the trusted slot ${slot}.`
        : `An untrusted value from source "${source}" reached the trusted slot ${slot}.`,
    );
    this.slot = slot;
  }
}

/**
 * Checks that every entry of a trusted slot is plain text. An untrusted wrapper throws
 * {@link UntrustedPlacementError}; anything else that is not a string throws a TypeError. Returns the entries.
 */
export function assertTrustedText(entries: unknown, slot: string): readonly string[] {
  if (!Array.isArray(entries)) {
    if (isUntrusted(entries)) throw new UntrustedPlacementError(slot, entries.source);
    throw new TypeError(`The trusted slot ${slot} must be an array of strings.`);
  }
  entries.forEach((entry: unknown, index) => {
    if (typeof entry === 'string') return;
    const where = `${slot}[${index}]`;
    if (isUntrusted(entry)) throw new UntrustedPlacementError(where, entry.source);
    const hit = findUntrusted(entry, 1)[0];
    if (hit !== undefined) throw new UntrustedPlacementError(where + hit.pointer);
    throw new TypeError(`The trusted slot ${where} must hold a string.`);
  });
  return entries as readonly string[];
}
