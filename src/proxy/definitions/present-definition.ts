// A pinned tool definition as the proxy presents it to a client: every text a model reads cleaned, nothing hidden.
import type { ToolDefinitionSnapshot } from '../../calls/tool-definition.js';
import type { JsonValue } from '../../json/types.js';
import { sanitizeText } from '../../purposes/text/sanitize-text.js';
import type { Finding } from '../../vocabulary/finding.js';
import { childPointer, redactPointerString } from '../../vocabulary/pointer.js';
import { neutralise } from '../../../sinks/prompt/neutralise.js';
import { removeHiddenBlocks } from './hidden-blocks.js';

/** An MCP `Tool` as listed to the client. */
export interface PresentedTool {
  readonly name: string;
  readonly title?: string;
  readonly description: string;
  readonly inputSchema: JsonValue;
  readonly annotations?: JsonValue;
}

/** The presented tool and what cleaning it changed (codes, counts and JSON pointers into the definition). */
export interface Presentation {
  readonly tool: PresentedTool;
  readonly findings: readonly Finding[];
}

/** Schema members whose string values are prose a model reads. */
const PROSE_MEMBERS: ReadonlySet<string> = new Set(['description', 'title', '$comment']);

/** The largest description or title kept, in code points; a longer one is refused, never cut silently. */
const MAX_PROSE_CODE_POINTS = 16_384;

/**
 * Presents a definition: its title, description and every `description`, `title` and `$comment` in its input
 * schema and annotations go through the text purpose (invisible, control, bidi and tag characters removed,
 * secrets redacted), lose the blocks only a model would read (`removeHiddenBlocks`), and have chat-template
 * tokens and turn markers defused. Names, types and constraints are kept as published. The output schema is
 * not presented: results carry gated `structuredContent`, which a client must not hold to the server's
 * schema (sanitizing can change a string's length). `notice` is appended to the description.
 */
export function presentDefinition(snapshot: ToolDefinitionSnapshot, notice: string): Presentation {
  const findings: Finding[] = [];
  const description = cleanProse(snapshot.description ?? '', '/description', findings);
  const tool: PresentedTool = {
    name: snapshot.name,
    ...(snapshot.title === undefined ? {} : { title: cleanProse(snapshot.title, '/title', findings) }),
    description: description === '' ? notice : `${description}\n\n${notice}`,
    inputSchema: cleanSchema(snapshot.inputSchema ?? { type: 'object' }, '/inputSchema', findings),
    ...(snapshot.annotations === undefined
      ? {}
      : { annotations: cleanSchema(snapshot.annotations, '/annotations', findings) }),
  };
  return { tool, findings };
}

/** Cleans one prose value; findings are re-based at `pointer` (its member names redacted where unusual). */
export function cleanProse(value: string, pointer: string, findings: Finding[]): string {
  const removed = removeHiddenBlocks(value);
  const cleaned = sanitizeText(removed.text, {
    maxCodePoints: MAX_PROSE_CODE_POINTS,
    maxBytes: 4 * MAX_PROSE_CODE_POINTS,
  });
  const text = cleaned.ok ? cleaned.value : '';
  const defused = neutralise(text);
  for (const finding of [...removed.findings, ...cleaned.findings, ...defused.findings])
    findings.push({ ...finding, pointer: redactPointerString(pointer + finding.pointer) });
  return defused.text;
}

/** A copy of a schema (or annotations object) with every prose member cleaned. */
function cleanSchema(node: JsonValue, pointer: string, findings: Finding[]): JsonValue {
  if (Array.isArray(node))
    return node.map((item, index) => cleanSchema(item, childPointer(pointer, index), findings));
  if (typeof node !== 'object' || node === null) return node;
  const out: Record<string, JsonValue> = {};
  for (const [key, value] of Object.entries(node)) {
    const at = childPointer(pointer, key);
    out[key] =
      PROSE_MEMBERS.has(key) && typeof value === 'string'
        ? cleanProse(value, at, findings)
        : cleanSchema(value, at, findings);
  }
  return out;
}
