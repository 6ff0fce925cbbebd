// Loads one pack folder: strict JSON, the pack schema, its contracts, its egress policy and every case.
import { join } from 'node:path';
import { EgressPolicyError } from '../egress/errors.js';
import { defineEgressPolicy, type EgressPolicy, type EgressPolicyOptions } from '../egress/policy.js';
import { parseJson } from '../json/parse.js';
import { CONFIG_FILE_DEFAULTS, ConfigFileError, readConfigFile } from '../read/config-file.js';
import { decodeUtf8 } from '../read/decode.js';
import { loadCase } from './load-case.js';
import { loadPackContracts } from './load-contracts.js';
import { PackError } from './pack-error.js';
import { asPackSpec, checkPackSchema } from './pack-schema.js';
import type { LoadedPack, PackSpec } from './pack.js';
import { displayPath } from './paths.js';

/** The file in a pack folder that describes the pack. */
export const PACK_FILE = 'pack.json';

/** Largest pack.json read: 32 MiB. */
const MAX_PACK_BYTES = 32 * 1024 * 1024;

/** Parse limits for pack files: hand-written configuration, so generous, but still bounded. */
const PACK_PARSE_LIMITS = Object.freeze({
  maxDepth: 64,
  maxStringLength: 8 * 1024 * 1024,
  maxNodes: 2_000_000,
});

/**
 * Loads the pack in `dir`. pack.json must be strict UTF-8 JSON (a duplicate member name is an error, as in
 * any tool result) matching `pack.schema.json`; then its contracts are defined, its egress policy
 * built and each case checked. Any problem throws a {@link PackError} naming the file, the JSON pointer and
 * what is wrong, with paths relative to `cwd`.
 */
export async function loadPack(dir: string, cwd: string): Promise<LoadedPack> {
  const path = join(dir, PACK_FILE);
  const file = displayPath(cwd, path);
  const text = await readPackText(path, file);
  const parsed = parseJson(text, PACK_PARSE_LIMITS);
  if (!parsed.ok) {
    const { code, offset, pointer } = parsed.error;
    throw new PackError(file, pointer, `not strict JSON (${code} at byte ${offset})`);
  }
  const problem = checkPackSchema(parsed.value);
  if (problem !== undefined) throw new PackError(file, problem.pointer, problem.problem);
  const spec = asPackSpec(parsed.value);
  const ids = new Set<string>();
  for (const [index, { id }] of spec.cases.entries()) {
    if (ids.has(id)) throw new PackError(file, `/cases/${index}/id`, `the case id "${id}" is used twice`);
    ids.add(id);
  }
  const tools = await loadPackContracts(spec.contracts, { packDir: dir, packFile: file, cwd });
  const policy = packPolicy(spec.egress, file);
  const scope = { pack: spec, packDir: dir, packFile: file, tools, lines: caseLines(text, spec) };
  return Object.freeze({
    name: spec.name,
    description: spec.description,
    dir,
    file,
    policy,
    cases: Object.freeze(spec.cases.map((caseSpec, index) => loadCase(caseSpec, index, scope))),
  });
}

async function readPackText(path: string, file: string): Promise<string> {
  let bytes: Uint8Array;
  try {
    bytes = await readConfigFile(path, {
      what: 'the pack file',
      maxBytes: MAX_PACK_BYTES,
      timeoutMs: CONFIG_FILE_DEFAULTS.timeoutMs,
    });
  } catch (error) {
    const tooLarge = error instanceof ConfigFileError && error.code === 'too_large';
    throw new PackError(file, '', tooLarge ? `is larger than ${MAX_PACK_BYTES} bytes` : 'cannot be read');
  }
  const decoded = decodeUtf8(bytes, 'strip');
  if (!decoded.ok) throw new PackError(file, '', `is not UTF-8 (${decoded.code} at byte ${decoded.offset})`);
  return decoded.text;
}

function packPolicy(options: EgressPolicyOptions | undefined, file: string): EgressPolicy {
  try {
    return defineEgressPolicy(options ?? {});
  } catch (error) {
    if (error instanceof EgressPolicyError) throw new PackError(file, '/egress', error.message);
    throw error;
  }
}

/** The line each case's `"id"` member is on, searching forward case by case. */
function caseLines(text: string, spec: PackSpec): number[] {
  let from = 0;
  return spec.cases.map(({ id }) => {
    const at = new RegExp(`"id"\\s*:\\s*"${id}"`, 'g');
    at.lastIndex = from;
    const match = at.exec(text);
    if (match === null) return 1;
    from = match.index + match[0].length;
    return lineOf(text, match.index);
  });
}

function lineOf(text: string, index: number): number {
  let line = 1;
  for (let i = text.indexOf('\n'); i !== -1 && i < index; i = text.indexOf('\n', i + 1)) line++;
  return line;
}
