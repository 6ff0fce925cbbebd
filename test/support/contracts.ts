// Contracts shared by the gate tests: seed 000's review status and deployment examples.
import { outcomeEnvelope } from '../../src/contract/envelopes.js';

/** Seed 000's review-status payload, with purposes. */
export const reviewStatusData = {
  type: 'object',
  required: ['change_id', 'decision', 'reviewed_by'],
  properties: {
    change_id: { type: 'string', pattern: '^CR-[0-9]{1,10}$', maxLength: 13, 'x-purpose': 'id' },
    decision: { enum: ['approved', 'rejected', 'pending'] },
    reviewed_by: { type: 'string', pattern: '^[a-z][a-z0-9._-]{0,127}$', maxLength: 128, 'x-purpose': 'id' },
  },
  additionalProperties: false,
} as const;

/** Seed 000's review-status contract: the success/failure envelope around the review payload. */
export const reviewStatusContract = {
  name: 'review_status',
  version: 'review_status.v1',
  ...outcomeEnvelope({
    tool: 'review_status',
    data: reviewStatusData,
    errorCodes: ['NOT_FOUND', 'UPSTREAM_UNAVAILABLE', 'INVALID_RESPONSE'],
  }),
  project: { change_id: '/data/change_id', decision: '/data/decision' },
} as const;

/** Seed 000's release-tool result before the drift: environment, revision, state. */
export const deploymentContract = {
  name: 'deployment_status',
  version: 'deployment.v1',
  schema: {
    type: 'object',
    required: ['environment', 'revision', 'state'],
    properties: {
      environment: { enum: ['staging', 'production'] },
      revision: { type: 'string', pattern: '^[0-9a-f]{7,40}$', maxLength: 40, 'x-purpose': 'id' },
      state: { enum: ['healthy', 'degraded', 'failed'] },
    },
    additionalProperties: false,
  },
} as const;

/** A request id in seed 000's format. */
export const REQUEST_ID = 'req.J7q94MkP';
