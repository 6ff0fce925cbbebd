// The contract schema of a whole MCP CallToolResult: content blocks, structuredContent, isError, _meta, as sent.
import type { InstructionPolicy } from '../../purposes/text/instruction.js';
import { ANY_JSON_REF, anyJsonSchema, MAX_MEMBER_NAME, textPurpose, type AnyJsonBounds } from './any-json.js';

/** The bounds of the result envelope. */
export interface EnvelopeBounds extends AnyJsonBounds {
  /** Longest text, base64 payload or embedded resource text in a block (the receive ceiling, by default). */
  readonly maxBlockLength: number;
  /** Most content blocks a result may hold (a structural bound; the prose budget is applied later). */
  readonly maxBlocks: number;
  /**
   * The injection signal on the prose of text blocks (`ignore`: the contract decides). When it is on, the
   * envelope's other strings (names, URIs, `_meta`, payloads shown only as placeholders) are not examined.
   */
  readonly instructions: InstructionPolicy;
}

/** The injection-signal policies of the envelope's strings: of the prose a model reads, and of the rest. */
interface Signals {
  readonly prose: InstructionPolicy | undefined;
  readonly rest: InstructionPolicy | undefined;
}

/** The content block types this schema describes; any other type is an unknown block. */
export const BLOCK_TYPES = Object.freeze(['text', 'image', 'audio', 'resource_link', 'resource'] as const);

/** The members of a result the envelope names; any other is kept in evidence and never projected. */
const RESULT_MEMBERS = ['content', 'structuredContent', 'isError', '_meta'];

const STRUCTURED_REF = '#/$defs/mcp.structured';
const BASE64 = '^[A-Za-z0-9+/]*={0,2}$';
const URI_LENGTH = 8192;
const SHORT = 1024;

/**
 * The schema of a result. `structured` is the tool's structured-content schema, already moved under
 * `#/$defs/mcp.structured` (its references rebased); without one, `structuredContent` is any bounded JSON
 * (accepted, never projected). Every block type is closed; prose is `text`; binary payloads are base64
 * under an `id` purpose (checked, never rewritten); names a later protocol adds to the result are any
 * bounded JSON, and so are `_meta` and unknown block types, so a result from a newer server is still read.
 * The injection signal `bounds.instructions`, when on, is set on the prose of text blocks and off on the
 * envelope's other strings, so the contract's own default reaches only the structured part.
 */
export function resultEnvelopeSchema(structured: object | undefined, bounds: EnvelopeBounds): object {
  const on = bounds.instructions !== 'ignore';
  const signals: Signals = { prose: on ? bounds.instructions : undefined, rest: on ? 'ignore' : undefined };
  return {
    $schema: 'https://json-schema.org/draft/2020-12/schema',
    type: 'object',
    ...(structured === undefined ? {} : { required: ['structuredContent'] }),
    properties: {
      content: { type: 'array', maxItems: bounds.maxBlocks, items: { $ref: '#/$defs/mcp.block' } },
      structuredContent: { $ref: structured === undefined ? ANY_JSON_REF : STRUCTURED_REF },
      isError: { type: 'boolean' },
      _meta: { $ref: ANY_JSON_REF },
    },
    ...openRest(RESULT_MEMBERS, bounds),
    additionalProperties: false,
    $defs: {
      'airlock.json': anyJsonSchema(ANY_JSON_REF, bounds, signals.rest),
      'mcp.annotations': {
        type: 'object',
        properties: {
          audience: { type: 'array', maxItems: 2, items: { enum: ['user', 'assistant'] } },
          priority: { type: 'number' },
          lastModified: proseOf(64, signals.rest),
        },
        additionalProperties: false,
      },
      'mcp.block': { anyOf: blockSchemas(bounds, signals) },
      ...(structured === undefined ? {} : { 'mcp.structured': structured }),
    },
  };
}

/** One closed schema per content block type, then the unknown block (any type not listed, bounded JSON). */
function blockSchemas(bounds: EnvelopeBounds, signals: Signals): object[] {
  const text = (maxLength: number) => proseOf(maxLength, signals.rest);
  const meta = { $ref: ANY_JSON_REF };
  const base64 = { type: 'string', maxLength: bounds.maxBlockLength, pattern: BASE64, 'x-purpose': 'id' };
  const block = (type: object, required: string[], properties: object) => ({
    type: 'object',
    required: ['type', ...required],
    properties: { type, ...properties, annotations: { $ref: '#/$defs/mcp.annotations' }, _meta: meta },
    additionalProperties: false,
  });
  const resource = {
    type: 'object',
    required: ['uri'],
    properties: {
      uri: text(URI_LENGTH),
      mimeType: text(255),
      text: text(bounds.maxBlockLength),
      blob: base64,
      _meta: meta,
    },
    additionalProperties: false,
  };
  const link = {
    uri: text(URI_LENGTH),
    name: text(SHORT),
    title: text(SHORT),
    description: text(bounds.maxLength),
    mimeType: text(255),
    size: { type: 'number' },
    icons: meta,
  };
  const unknownType = `^(?!(?:${BLOCK_TYPES.join('|')})$)[A-Za-z0-9_.:-]{1,64}$`;
  return [
    block({ const: 'text' }, ['text'], { text: proseOf(bounds.maxBlockLength, signals.prose) }),
    block({ enum: ['image', 'audio'] }, ['data', 'mimeType'], { data: base64, mimeType: text(255) }),
    block({ const: 'resource_link' }, ['uri', 'name'], link),
    block({ const: 'resource' }, ['resource'], { resource }),
    {
      type: 'object',
      required: ['type'],
      properties: { type: { type: 'string', maxLength: 64, pattern: unknownType, 'x-purpose': 'id' } },
      ...openRest(['type'], bounds),
      additionalProperties: false,
    },
  ];
}

/** A string of prose of at most `maxLength` code points, with its own injection-signal policy when given. */
function proseOf(maxLength: number, instructions: InstructionPolicy | undefined): object {
  return { type: 'string', maxLength, 'x-purpose': textPurpose(maxLength, instructions) };
}

/** Any members other than `names`, as a bounded map of any JSON. */
function openRest(names: readonly string[], bounds: AnyJsonBounds): object {
  return {
    patternProperties: { [`^(?!(?:${names.join('|')})$)`]: { $ref: ANY_JSON_REF } },
    propertyNames: { maxLength: MAX_MEMBER_NAME },
    maxProperties: bounds.maxProperties,
  };
}
