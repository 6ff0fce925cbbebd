// The contract schema of a whole MCP CallToolResult: content blocks, structuredContent, isError, _meta, as sent.
import { ANY_JSON_REF, anyJsonSchema, MAX_MEMBER_NAME, textPurpose, type AnyJsonBounds } from './any-json.js';

/** The bounds of the result envelope. */
export interface EnvelopeBounds extends AnyJsonBounds {
  /** Longest text, base64 payload or embedded resource text in a block (the receive ceiling, by default). */
  readonly maxBlockLength: number;
  /** Most content blocks a result may hold (a structural bound; the prose budget is applied later). */
  readonly maxBlocks: number;
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
 */
export function resultEnvelopeSchema(structured: object | undefined, bounds: EnvelopeBounds): object {
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
      'airlock.json': anyJsonSchema(ANY_JSON_REF, bounds),
      'mcp.annotations': {
        type: 'object',
        properties: {
          audience: { type: 'array', maxItems: 2, items: { enum: ['user', 'assistant'] } },
          priority: { type: 'number' },
          lastModified: text(64),
        },
        additionalProperties: false,
      },
      'mcp.block': { anyOf: blockSchemas(bounds) },
      ...(structured === undefined ? {} : { 'mcp.structured': structured }),
    },
  };
}

/** One closed schema per content block type, then the unknown block (any type not listed, bounded JSON). */
function blockSchemas(bounds: EnvelopeBounds): object[] {
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
    block({ const: 'text' }, ['text'], { text: text(bounds.maxBlockLength) }),
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

/** A string of prose of at most `maxLength` code points. */
function text(maxLength: number): object {
  return { type: 'string', maxLength, 'x-purpose': textPurpose(maxLength) };
}

/** Any members other than `names`, as a bounded map of any JSON. */
function openRest(names: readonly string[], bounds: AnyJsonBounds): object {
  return {
    patternProperties: { [`^(?!(?:${names.join('|')})$)`]: { $ref: ANY_JSON_REF } },
    propertyNames: { maxLength: MAX_MEMBER_NAME },
    maxProperties: bounds.maxProperties,
  };
}
