// A text's UTF-16 code units in a typed array, copied in one native call, for the scanner to read fast.
import { Buffer } from 'node:buffer';

/** Texts of up to this many code units (the default decoded-size ceiling) share one reused 8 MiB buffer. */
const REUSED_UNITS = 4 << 20;
/** Whether this machine stores a Uint16Array little-endian, as Node's `utf16le` encoding writes. */
const LITTLE_ENDIAN = new Uint8Array(new Uint16Array([1]).buffer)[0] === 1;

let reused: Buffer = Buffer.allocUnsafeSlow(0);
/** The code units view of {@link reused}, made once with it (a view costs an allocation per call otherwise). */
let reusedUnits: Uint16Array = new Uint16Array(0);

/**
 * A text as code units: `units[0, length)` are the text's UTF-16 code units (lone surrogates included) and
 * `units[length]` is a 0 sentinel, so scanning loops that stop at control characters stop at the end too.
 */
export interface CodeUnits {
  /** The code units, the sentinel, then unspecified units: never read past the sentinel. */
  readonly units: Uint16Array;
  /** Number of code units: the text's length. */
  readonly length: number;
}

/**
 * Runs `use` over the code units of `text`, copied into a typed array by one `utf16le` write (a plain memory
 * copy on little-endian machines), and wipes the copy afterwards so no tool output lingers in memory. The
 * memory comes unzeroed from outside Node's pool (so it is aligned for 16-bit reads); for texts up to
 * {@link REUSED_UNITS} code units it is one buffer reused by every call, which is safe because `use` runs
 * synchronously and the units must not be kept beyond it.
 */
export function withCodeUnits<T>(text: string, use: (units: CodeUnits) => T): T {
  const length = text.length;
  const bytes = (length + 1) * 2;
  let memory = reused;
  let units = reusedUnits;
  if (bytes > memory.length) {
    memory = Buffer.allocUnsafeSlow(Math.max(bytes, 4096));
    units = new Uint16Array(memory.buffer, memory.byteOffset, memory.length >> 1);
    if (length <= REUSED_UNITS) {
      reused = memory;
      reusedUnits = units;
    }
  }
  if (LITTLE_ENDIAN) {
    memory.write(text, 0, 'utf16le');
  } else {
    for (let i = 0; i < length; i++) units[i] = text.charCodeAt(i);
  }
  units[length] = 0;
  try {
    return use({ units, length });
  } finally {
    units.fill(0, 0, length);
  }
}
