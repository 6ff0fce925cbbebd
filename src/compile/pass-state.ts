// The state of one run of a compiled pass: what its purposes report, and where in the value it is.
import type { Pending, LocatedHiddenPayload, Tally } from '../walk/walk-state.js';
import type { Finding } from '../vocabulary/finding.js';
import type { Issue } from '../vocabulary/issue.js';
import type { OutputLimits } from '../vocabulary/limits.js';
import type { DeclaredNames, PointerSegment } from '../vocabulary/pointer.js';
import type { PurposeOutcome } from '../purposes/purpose.js';
import { ITEMS_PER_CHECK } from './emit-node.js';

/**
 * One run's findings, hidden payloads, growth and deferred purposes (the interpreter's walk gathers the same),
 * with the path of the value being visited kept in `p` by the generated code: `p[0..depth)` is its path.
 */
export class PassState implements Tally {
  readonly findings: Finding[] = [];
  readonly hidden: LocatedHiddenPayload[] = [];
  readonly pending: Pending[] = [];
  failure: Issue | undefined = undefined;
  growth = 0;
  root: unknown = undefined;
  /** The path segments the generated code writes as it goes down (reused; only `depth` of them hold). */
  readonly p: PointerSegment[] = [];
  /** How many segments of `p` hold the path of the string a purpose is sanitizing. */
  depth = 0;
  /** Items of paced arrays left before the next pause check. */
  t = ITEMS_PER_CHECK;
  /** The promise of the purpose that answered last with one (taken by `$defer`). */
  promise: PromiseLike<PurposeOutcome> | undefined = undefined;

  constructor(
    readonly limits: OutputLimits,
    readonly names: DeclaredNames | undefined,
  ) {}

  pathNow(): PointerSegment[] {
    return this.p.slice(0, this.depth);
  }
}
