// What the gate fault tests share: the deadline they configure, one contract and body, and silent callees.
import { defineTool } from '../../src/contract/define-tool.js';
import type { EvidenceWriter } from '../../src/vocabulary/evidence-writer.js';
import { deploymentContract, REQUEST_ID } from '../support/contracts.js';

/** The gate's I/O deadline in these tests, in milliseconds. */
export const IO_MS = 400;
/** How much later than its deadline a call may end. */
export const GRACE_MS = 1_000;
export const deployment = defineTool(deploymentContract);
export const context = Object.freeze({ requestId: REQUEST_ID, tenant: 'tenant-a' });
export const healthy = JSON.stringify({ environment: 'staging', revision: 'a83f19c', state: 'healthy' });

/** A reference id of the vault's shape whose random part is `mark` repeated: `refLike('A')` is `ev_AAA…`. */
export const refLike = (mark: string): string => 'ev_' + mark.repeat(32);

/** A callee that never answers. */
export const never = (): Promise<never> => new Promise<never>(() => undefined);

/** An evidence writer whose put does whatever `put` does, whatever its type says. */
export const writer = (put: () => unknown): EvidenceWriter => ({ put: put as EvidenceWriter['put'] });
