// The contract a `resources/read` result is held to: closed contents, prose as text, binary payloads as checked base64.
import { defineTool, type ToolDefinition } from '../../contract/define-tool.js';
import { ANY_JSON_REF, anyJsonSchema, textPurpose } from '../../mcp/contract/any-json.js';
import type { InstructionPolicy } from '../../purposes/text/instruction.js';

/** Bounds of a resource read result. */
export interface ResourceBounds {
  /** Longest text or base64 payload of one item, and the read ceiling of the whole result. */
  readonly maxBytes: number;
  /** Most items in `contents`. */
  readonly maxItems: number;
}

const URI_LENGTH = 8192;
const BASE64 = '^[A-Za-z0-9+/]*={0,2}$';

/** A string of prose of at most `maxLength` code points (examined for instructions as `instructions` says). */
function prose(maxLength: number, instructions?: InstructionPolicy): object {
  return { type: 'string', maxLength, 'x-purpose': textPurpose(maxLength, instructions) };
}

/**
 * The `resources/read` contract: `{ contents: [{ uri, mimeType?, text? | blob?, _meta? }], _meta? }`, every
 * object closed, text and URIs through the `text` purpose, `blob` base64 checked and never rewritten, `_meta`
 * any bounded JSON; the items' text examined for instructions to the assistant as `instructions` says (the
 * proxy's `--instructions`). Compiled once per proxy.
 */
export function resourceContract(
  server: string,
  bounds: ResourceBounds,
  instructions: InstructionPolicy,
): ToolDefinition<unknown> {
  const meta = { $ref: ANY_JSON_REF };
  const item = {
    type: 'object',
    required: ['uri'],
    properties: {
      uri: prose(URI_LENGTH),
      mimeType: prose(255),
      text: prose(bounds.maxBytes, instructions),
      blob: { type: 'string', maxLength: bounds.maxBytes, pattern: BASE64, 'x-purpose': 'id' },
      _meta: meta,
    },
    additionalProperties: false,
  };
  return defineTool({
    name: `${server}.resources`,
    version: 'mcp.resource-read',
    schema: {
      type: 'object',
      required: ['contents'],
      properties: { contents: { type: 'array', maxItems: bounds.maxItems, items: item }, _meta: meta },
      additionalProperties: false,
      $defs: {
        'airlock.json': anyJsonSchema(ANY_JSON_REF, {
          maxLength: bounds.maxBytes,
          maxItems: 1024,
          maxProperties: 256,
        }),
      },
    },
    limits: { read: { maxRawBytes: bounds.maxBytes, maxDecodedBytes: bounds.maxBytes } },
    project: { contents: '/contents' },
  });
}
