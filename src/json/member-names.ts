// Remembers the member names of the open objects to refuse a duplicate, comparing names in place in the text.

/** Objects with at most this many members are checked by comparing in place; larger ones switch to a Set. */
const IN_PLACE_MEMBERS = 16;
/** The signature of a name that holds an escape: it is compared by its decoded value. */
const ESCAPED = -1;
/** Bits of a signature mask: few enough that every mask is a small integer (a Smi) wherever V8 runs. */
const MASK_BITS = 30;

/** The decoded value of a well-formed string literal from `start` (its quote) to `end` (after its quote). */
export function decodeName(text: string, start: number, end: number, escaped: boolean): string {
  return escaped ? (JSON.parse(text.slice(start, end)) as string) : text.slice(start + 1, end - 1);
}

/**
 * The member names seen so far in every open object, kept as one stack: the names of an object sit above
 * those of the objects around it and are dropped when it closes. Everything lives in arrays indexed by name
 * or by object depth (no push or pop per object), so nesting allocates nothing. Names are compared after
 * unescaping, so `"a"` and `"\u0061"` collide. The first {@link IN_PLACE_MEMBERS} names of an object are
 * compared in place (no string is built unless one holds an escape); past that its names move to a Set.
 */
export class MemberNames {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Per name: a non-negative signature of its length and first and last code units, or -1 for an escape. */
  private readonly signatures: number[] = [];
  private top = 0;
  /** The innermost open object's depth index; -1 when none is open. */
  private level = -1;
  /** Per open object: where its names start on the stack, or -1 once they have moved to a Set. */
  private readonly bases: number[] = [];
  /**
   * Per open object: one bit per name signature seen (all bits once a name holds an escape). A name whose bit
   * is not set yet cannot equal an earlier name, so it is added without comparing. A mask uses
   * {@link MASK_BITS} bits, so that it is a small integer in a plain array: a typed array cost each parse an
   * allocation with memory outside the heap, about a fifth of the whole scan of a small document.
   */
  private readonly masks: number[] = [];
  /** Per open object: its names as a Set, read only while its base is -1. */
  private readonly sets: (Set<string> | undefined)[] = [];

  /** An object opens: the names added next are its own. */
  open(): void {
    const level = ++this.level;
    this.bases[level] = this.top;
    this.masks[level] = 0;
  }

  /** The innermost object closes: its names are forgotten. */
  close(): void {
    const level = this.level--;
    const base = this.bases[level] as number;
    if (base >= 0) this.top = base;
    else this.sets[level] = undefined;
  }

  /**
   * Records the well-formed string literal from `start` (its opening quote) to `end` (after its closing
   * quote) as a member name of the innermost open object; false when that object already holds the same
   * decoded name.
   */
  add(text: string, units: Uint16Array, start: number, end: number, escaped: boolean): boolean {
    const level = this.level;
    const base = this.bases[level] as number;
    if (base < 0) return addToSet(this.sets[level] as Set<string>, decodeName(text, start, end, escaped));
    const top = this.top;
    const signature = escaped ? ESCAPED : signatureOf(units, start, end);
    const mask = this.masks[level] as number;
    const bit = escaped ? -1 : 1 << ((signature ^ (signature >>> 16)) % MASK_BITS);
    this.masks[level] = mask | bit;
    if ((mask & bit) !== 0 && this.findEqual(text, units, base, start, end, signature)) return false;
    if (top - base === IN_PLACE_MEMBERS) return this.moveToSet(text, base, start, end, escaped);
    this.starts[top] = start;
    this.ends[top] = end;
    this.signatures[top] = signature;
    this.top = top + 1;
    return true;
  }

  /** Whether a name of the innermost object (from `base` up) equals the literal from `start` to `end`. */
  private findEqual(
    text: string,
    units: Uint16Array,
    base: number,
    start: number,
    end: number,
    signature: number,
  ): boolean {
    const { starts, ends, signatures } = this;
    const escaped = signature === ESCAPED;
    for (let k = base; k < this.top; k++) {
      // Names without escapes can only be equal if their signatures are; an escape forces a real comparison.
      const other = signatures[k] as number;
      if (other !== signature && other !== ESCAPED && !escaped) continue;
      const otherStart = starts[k] as number;
      const otherEnd = ends[k] as number;
      const otherEscaped = other === ESCAPED;
      const same =
        escaped || otherEscaped
          ? decodeName(text, otherStart, otherEnd, otherEscaped) === decodeName(text, start, end, escaped)
          : sameUnits(units, otherStart, otherEnd, start, end);
      if (same) return true;
    }
    return false;
  }

  /** Moves the innermost object's names to a Set and adds the new one (known not to equal any of them). */
  private moveToSet(text: string, base: number, start: number, end: number, escaped: boolean): true {
    const names = new Set<string>();
    for (let k = base; k < this.top; k++) {
      names.add(
        decodeName(text, this.starts[k] as number, this.ends[k] as number, this.signatures[k] === ESCAPED),
      );
    }
    names.add(decodeName(text, start, end, escaped));
    this.sets[this.level] = names;
    this.bases[this.level] = -1;
    this.top = base;
    return true;
  }
}

/** A literal's length and first and last content code units mixed into a non-negative int. */
function signatureOf(units: Uint16Array, start: number, end: number): number {
  return (
    (((end - start) << 16) ^ ((units[start + 1] as number) * 31 + (units[end - 2] as number))) & 0x7fffffff
  );
}

function addToSet(set: Set<string>, name: string): boolean {
  if (set.has(name)) return false;
  set.add(name);
  return true;
}

/** Whether the code-unit ranges `[aStart, aEnd)` and `[bStart, bEnd)` are equal. */
function sameUnits(units: Uint16Array, aStart: number, aEnd: number, bStart: number, bEnd: number): boolean {
  const length = aEnd - aStart;
  if (length !== bEnd - bStart) return false;
  for (let k = 0; k < length; k++) if (units[aStart + k] !== units[bStart + k]) return false;
  return true;
}
