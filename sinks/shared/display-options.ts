// Options of the UI sinks that show an outcome (html, markdown outcome writer): the egress policy for links.
import { assertEgressPolicy, type EgressPolicy } from '../../src/egress/policy.js';

/** Options of `renderHtml`, `renderHtmlInto` and `renderOutcomeMarkdown`. */
export interface DisplayOptions {
  /** The egress policy every link is checked against (made by `defineEgressPolicy`). */
  readonly policy: EgressPolicy;
}

/** Checks the options: an unknown field or a policy not made by `defineEgressPolicy` throws a TypeError. */
export function checkDisplayOptions(options: DisplayOptions): DisplayOptions {
  if (typeof options !== 'object') throw new TypeError('Display options must be an object.');
  for (const field of Object.keys(options)) {
    if (field !== 'policy') throw new TypeError(`Unknown display option "${field}".`);
  }
  assertEgressPolicy(options.policy);
  return options;
}
