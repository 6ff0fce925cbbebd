// Counting runs in a value (`123`, `abcd`, `zyx`, `a1b2c3`): characters a person typed, not random ones.

function isDigit(c: number): boolean {
  return c >= 48 && c <= 57;
}

function isLetter(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122);
}

/** +1 or -1 when `b` follows `a` counting up or down (digits wrap, letters ignore case), else 0. */
function stepOf(a: number, b: number): number {
  if (isDigit(a) && isDigit(b)) {
    if (b === a + 1 || (a === 57 && b === 48)) return 1;
    return b === a - 1 || (a === 48 && b === 57) ? -1 : 0;
  }
  if (!isLetter(a) || !isLetter(b)) return 0;
  const d = (b | 32) - (a | 32);
  return d === 1 || d === -1 ? d : 0;
}

/** Marks the characters of runs of three or more that count up or down, reading every `stride`-th character. */
function markRuns(value: string, stride: number, marked: Uint8Array): void {
  const n = value.length;
  for (let first = 0; first < stride; first++) {
    let runStart = first;
    let direction = 0;
    for (let i = first + stride; ; i += stride) {
      const step = i < n ? stepOf(value.charCodeAt(i - stride), value.charCodeAt(i)) : 0;
      if (step !== 0 && (direction === 0 || step === direction)) {
        direction = step;
        continue;
      }
      if ((i - runStart) / stride >= 3) for (let j = runStart; j < i && j < n; j += stride) marked[j] = 1;
      if (i >= n) break;
      runStart = step !== 0 ? i - stride : i;
      direction = step;
    }
  }
}

/**
 * Share of a string covered by counting runs of three or more, up or down, read one character at a time
 * (`123`, `abcd`, `9876`) or every other one (`a1b2c3`, `X9y8Z7`): typed or made up, not random.
 */
export function sequenceShare(value: string): number {
  if (value.length === 0) return 0;
  const marked = new Uint8Array(value.length);
  markRuns(value, 1, marked);
  markRuns(value, 2, marked);
  let covered = 0;
  for (const bit of marked) covered += bit;
  return covered / value.length;
}
