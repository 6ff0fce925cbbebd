// Ready-made result envelopes: success and failure bound to the request in a `oneOf`, and one with provenance.
import type { ZodType, output } from 'zod';
import type { BindRule } from '../bind/rules.js';
import type { FailureVariant } from './failure-variant.js';
import { contractSchemaOf } from './zod-schema.js';

/**
 * The parts of a contract an envelope supplies; spread them into `defineTool`. `V` is the type of an accepted
 * result, known when the data schema is a zod schema (`unknown` for a JSON Schema).
 */
export interface EnvelopeContract<V = unknown> {
  readonly schema: object;
  readonly failure: FailureVariant;
  readonly bind: readonly BindRule[];
  /** Type-level only: the accepted result's type. Never present at run time. */
  readonly __value?: V;
}

/** The data type of a zod data schema, or `unknown` for JSON Schema. */
type DataType<D> = D extends ZodType ? output<D> : unknown;

/** An accepted result of an {@link outcomeEnvelope} tool: the success shape (a failure becomes a typed failure). */
export type OutcomeEnvelopeValue<D> =
  unknown extends DataType<D>
    ? unknown
    : {
        readonly tool: string;
        readonly request_id: string;
        readonly outcome: 'success';
        readonly data: DataType<D>;
      };

/** An accepted result of a {@link provenanceEnvelope} tool: the `ok` shape with its provenance. */
export type ProvenanceEnvelopeValue<D> =
  unknown extends DataType<D>
    ? unknown
    : {
        readonly schemaVersion: string;
        readonly outcome: 'ok';
        readonly data: DataType<D>;
        readonly provenance: {
          readonly system: string;
          readonly tenantId: string;
          readonly observedAt: string;
        };
        readonly truncated: boolean;
      };

/** The request ids {@link outcomeEnvelope} accepts: a letter or digit, then 7–63 letters, digits, `_` and `.`. */
export const REQUEST_ID_PATTERN = '^[A-Za-z0-9][A-Za-z0-9_.]{7,63}$';

/**
 * The envelope of a service that echoes the request id it was sent and reports its own failures in the body:
 * a success shape `{ tool, request_id, outcome: "success", data }` and a failure shape `{ tool, request_id,
 * outcome: "failure", error: { code, retryable } }` in a `oneOf`, so a result can never carry both. The tool
 * name is fixed, the request id bounded and bound to the context's `requestId` (a result answering another
 * request is `binding_failed`), the error codes finite; a failure becomes a typed failure outcome.
 *
 * Pick it when the service's responses look like that; pick {@link provenanceEnvelope} when they say which
 * system and tenant they come from and when they were observed; give a plain closed schema (`schema: …`)
 * when the service returns its data bare.
 */
export function outcomeEnvelope<const D extends object>(options: {
  readonly tool: string;
  /** The success data: a JSON Schema, or a zod schema. */
  readonly data: D;
  readonly errorCodes: readonly string[];
}): EnvelopeContract<OutcomeEnvelopeValue<D>> {
  const common = {
    tool: { const: options.tool },
    request_id: { type: 'string', pattern: REQUEST_ID_PATTERN, maxLength: 64, 'x-purpose': 'id' },
  };
  return {
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      oneOf: [
        {
          title: 'Success result',
          type: 'object',
          required: ['tool', 'request_id', 'outcome', 'data'],
          properties: { ...common, outcome: { const: 'success' }, data: { $ref: '#/$defs/data' } },
          additionalProperties: false,
        },
        {
          title: 'Failure result',
          type: 'object',
          required: ['tool', 'request_id', 'outcome', 'error'],
          properties: { ...common, outcome: { const: 'failure' }, error: { $ref: '#/$defs/error' } },
          additionalProperties: false,
        },
      ],
      $defs: {
        data: contractSchemaOf(options.data, '/$defs/data'),
        error: errorShape(options.errorCodes),
      },
    },
    failure: failureWhen('failure'),
    bind: [{ rule: 'equals', pointer: '/request_id', context: 'requestId' }],
  };
}

/**
 * The envelope of a service that says where and when its data comes from: `{ schemaVersion, outcome, data,
 * provenance: { system, tenantId, observedAt }, truncated }` for success (`outcome: "ok"`), and the same with
 * `error: { code, retryable }` for failure (`outcome: "error"`). Binds `provenance.tenantId` to the context's
 * tenant (data of another tenant is `binding_failed`) and `observedAt` to a freshness window, and limits
 * `system` to the ones named.
 */
export function provenanceEnvelope<const D extends object>(options: {
  readonly schemaVersion: string;
  /** The success data: a JSON Schema, or a zod schema. */
  readonly data: D;
  readonly errorCodes: readonly string[];
  readonly systems: readonly string[];
  readonly maxAgeSeconds: number;
}): EnvelopeContract<ProvenanceEnvelopeValue<D>> {
  const provenance = {
    type: 'object',
    required: ['system', 'tenantId', 'observedAt'],
    properties: {
      system: { enum: [...options.systems] },
      tenantId: {
        type: 'string',
        pattern: '^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$',
        maxLength: 64,
        'x-purpose': 'id',
      },
      observedAt: { type: 'string', format: 'date-time', maxLength: 35, 'x-purpose': 'id' },
    },
    additionalProperties: false,
  };
  const common = {
    schemaVersion: { const: options.schemaVersion },
    provenance: { $ref: '#/$defs/provenance' },
  };
  return {
    schema: {
      $schema: 'https://json-schema.org/draft/2020-12/schema',
      oneOf: [
        {
          type: 'object',
          required: ['schemaVersion', 'outcome', 'data', 'provenance', 'truncated'],
          properties: {
            ...common,
            outcome: { const: 'ok' },
            data: { $ref: '#/$defs/data' },
            truncated: { type: 'boolean' },
          },
          additionalProperties: false,
        },
        {
          type: 'object',
          required: ['schemaVersion', 'outcome', 'error', 'provenance'],
          properties: { ...common, outcome: { const: 'error' }, error: { $ref: '#/$defs/error' } },
          additionalProperties: false,
        },
      ],
      $defs: {
        data: contractSchemaOf(options.data, '/$defs/data'),
        provenance,
        error: errorShape(options.errorCodes),
      },
    },
    failure: failureWhen('error'),
    bind: [
      { rule: 'equals', pointer: '/provenance/tenantId', context: 'tenant' },
      { rule: 'fresh', pointer: '/provenance/observedAt', maxAgeSeconds: options.maxAgeSeconds },
    ],
  };
}

/** The finite error object both envelopes share: a code from the list and a retry flag. */
function errorShape(errorCodes: readonly string[]): object {
  return {
    type: 'object',
    required: ['code', 'retryable'],
    properties: { code: { enum: [...errorCodes] }, retryable: { type: 'boolean' } },
    additionalProperties: false,
  };
}

/** The failure variant both envelopes share: `outcome` names it, `error` holds the code and retry flag. */
function failureWhen(outcome: string): FailureVariant {
  return { pointer: '/outcome', equals: outcome, retryable: '/error/retryable', code: '/error/code' };
}
