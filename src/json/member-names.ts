// Remembers the member names of the open objects to refuse a duplicate, comparing names in place in the text.

/** Objects with at most this many members are checked by comparing in place; larger ones switch to a Set. */
const IN_PLACE_MEMBERS = 16;
/** The signature of a name that holds an escape: it is compared by its decoded value. */
const ESCAPED = -1;

/** The decoded value of a well-formed string literal from `start` (its quote) to `end` (after its quote). */
export function decodeName(text: string, start: number, end: number, escaped: boolean): string {
  return escaped ? (JSON.parse(text.slice(start, end)) as string) : text.slice(start + 1, end - 1);
}

/**
 * The member names seen so far in every open object, kept as one stack: the names of an object sit above
 * those of the objects around it and are dropped when it closes, so nesting costs no allocation per object.
 * Names are compared after unescaping, so `"a"` and `"\u0061"` collide. The first {@link IN_PLACE_MEMBERS}
 * names of an object are compared in place (no string is built unless one holds an escape); past that the
 * object's names move to a Set.
 */
export class MemberNames {
  private readonly starts: number[] = [];
  private readonly ends: number[] = [];
  /** Per name: a non-negative signature of its length and first and last code units, or -1 for an escape. */
  private readonly signatures: number[] = [];
  private top = 0;
  /** Per open object: where its names start on the stack. */
  private readonly bases: number[] = [];
  /** Per open object: its names as a Set, once it has too many to compare in place. */
  private readonly sets: (Set<string> | undefined)[] = [];
  /**
   * Per open object: one bit per name signature seen (all bits once a name holds an escape). A name whose bit
   * is not set yet cannot equal an earlier name, so it is added without comparing.
   */
  private readonly masks: number[] = [];

  /** An object opens: the names added next are its own. */
  open(): void {
    this.bases.push(this.top);
    this.sets.push(undefined);
    this.masks.push(0);
  }

  /** The innermost object closes: its names are forgotten. */
  close(): void {
    this.top = this.bases.pop() ?? 0;
    this.sets.pop();
    this.masks.pop();
  }

  /**
   * Records the well-formed string literal from `start` (its opening quote) to `end` (after its closing
   * quote) as a member name of the innermost open object; false when that object already holds the same
   * decoded name.
   */
  add(text: string, units: Uint16Array, start: number, end: number, escaped: boolean): boolean {
    const innermost = this.sets.length - 1;
    const set = this.sets[innermost];
    if (set !== undefined) return addToSet(set, decodeName(text, start, end, escaped));
    const { starts, ends, signatures } = this;
    const base = this.bases[innermost] as number;
    const top = this.top;
    const signature = escaped ? ESCAPED : signatureOf(units, start, end);
    const mask = this.masks[innermost] as number;
    const bit = escaped ? -1 : 1 << ((signature ^ (signature >>> 16)) & 31);
    this.masks[innermost] = mask | bit;
    for (let k = (mask & bit) === 0 ? top : base; k < top; k++) {
      // Names without escapes can only be equal if their signatures are; an escape forces a real comparison.
      const other = signatures[k] as number;
      if (other !== signature && other !== ESCAPED && signature !== ESCAPED) continue;
      const otherStart = starts[k] as number;
      const otherEnd = ends[k] as number;
      const otherEscaped = other === ESCAPED;
      const same =
        escaped || otherEscaped
          ? decodeName(text, otherStart, otherEnd, otherEscaped) === decodeName(text, start, end, escaped)
          : sameUnits(units, otherStart, otherEnd, start, end);
      if (same) return false;
    }
    if (top - base === IN_PLACE_MEMBERS) {
      const names = new Set<string>();
      for (let k = base; k < top; k++) {
        names.add(decodeName(text, starts[k] as number, ends[k] as number, signatures[k] === ESCAPED));
      }
      this.sets[innermost] = names;
      this.top = base;
      return addToSet(names, decodeName(text, start, end, escaped));
    }
    starts[top] = start;
    ends[top] = end;
    signatures[top] = signature;
    this.top = top + 1;
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
