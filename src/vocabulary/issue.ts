// The operator-facing description of why a tool result was rejected: structured, never raw input text.
import type { DetailCode } from './codes.js';
import type { StageName } from './stages.js';

/**
 * Why a stage refused a tool result. Lives in the audit record, not in what the agent sees. Carries
 * locations, sizes and codes only: never a fragment of the input.
 */
export interface Issue {
  /** The stage that refused the value. */
  readonly stage: StageName;
  /** The detailed code, such as `parse.duplicate_key` or `validate.additionalProperties`. */
  readonly code: DetailCode;
  /** A JSON pointer into the parsed value; segments that are not plain identifiers are replaced by a digest. */
  readonly pointer?: string;
  /** A byte offset into the decoded body. */
  readonly offset?: number;
  /** The limit that was crossed. */
  readonly limit?: number;
  /** The size reached when the limit was crossed (or another measured quantity). */
  readonly actual?: number;
  /** For validation failures: the JSON pointer of the failing keyword in the contract's schema. */
  readonly schemaPath?: string;
  /** For transport failures: the upstream status code. */
  readonly status?: number;
}
