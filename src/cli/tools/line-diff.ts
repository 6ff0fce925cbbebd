// A line diff for reviewing a changed tool definition: what was removed and added, with a little context.

/** Most lines of either side diffed (a definition is far smaller); longer texts are shown whole instead. */
const MAX_LINES = 4_000;

/** Lines of unchanged context kept around each change. */
const CONTEXT = 2;

/**
 * The differences between `before` and `after` as lines prefixed `- `, `+ ` or two spaces (context), from the
 * longest common subsequence of their lines; runs of unchanged lines beyond the context become `  …`.
 */
export function lineDiff(before: string, after: string): string {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length > MAX_LINES || b.length > MAX_LINES)
    return [...a.map((line) => `- ${line}`), ...b.map((line) => `+ ${line}`)].join('\n');
  const ops = diffOps(a, b);
  const shown = ops.map(
    (op, index) =>
      op.kind !== ' ' ||
      ops.slice(Math.max(0, index - CONTEXT), index + CONTEXT + 1).some((near) => near.kind !== ' '),
  );
  const out: string[] = [];
  ops.forEach((op, index) => {
    if (shown[index] === true) out.push(`${op.kind} ${op.line}`);
    else if (shown[index - 1] === true || index === 0) out.push('  …');
  });
  return out.join('\n');
}

interface Op {
  readonly kind: ' ' | '-' | '+';
  readonly line: string;
}

function diffOps(a: readonly string[], b: readonly string[]): Op[] {
  // lengths[i][j]: the LCS length of a[i…] and b[j…].
  const lengths = Array.from({ length: a.length + 1 }, () => new Uint16Array(b.length + 1));
  for (let i = a.length - 1; i >= 0; i--) {
    const row = lengths[i] as Uint16Array;
    const below = lengths[i + 1] as Uint16Array;
    for (let j = b.length - 1; j >= 0; j--)
      row[j] =
        a[i] === b[j] ? (below[j + 1] as number) + 1 : Math.max(below[j] as number, row[j + 1] as number);
  }
  const ops: Op[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length || j < b.length) {
    if (i < a.length && j < b.length && a[i] === b[j]) {
      ops.push({ kind: ' ', line: a[i] as string });
      i++;
      j++;
    } else if (j < b.length && (i === a.length || (lengths[i]?.[j + 1] ?? 0) >= (lengths[i + 1]?.[j] ?? 0))) {
      ops.push({ kind: '+', line: b[j] as string });
      j++;
    } else {
      ops.push({ kind: '-', line: a[i] as string });
      i++;
    }
  }
  return ops;
}
