// Checks one case of a pack beyond its schema and makes it runnable: contract, full context, input, patterns.
import { existsSync, statSync } from 'node:fs';
import type { RequestContext } from '../bind/rules.js';
import type { ToolDefinition } from '../contract/define-tool.js';
import { generatedLength, MAX_INPUT_BYTES } from './materialize.js';
import { PackError } from './pack-error.js';
import { SINK_NAMES, type CaseSpec, type LoadedCase, type PackSpec, type SinkName } from './pack.js';
import { pathInside } from './paths.js';

/** What a case is checked against. */
export interface CaseScope {
  readonly pack: PackSpec;
  readonly packDir: string;
  readonly packFile: string;
  readonly tools: ReadonlyMap<string, ToolDefinition>;
  /** The line each case starts on, by index. */
  readonly lines: readonly number[];
}

/**
 * Makes case `index` of a pack runnable. Throws {@link PackError} for a contract the pack does not load, a
 * context without a request id (in the case or the defaults), an input file outside the pack or missing, a
 * generated input over the size ceiling, or a `matches` entry that is not a valid regular expression.
 */
export function loadCase(spec: CaseSpec, index: number, scope: CaseScope): LoadedCase {
  const at = (rest: string): string => `/cases/${index}${rest}`;
  const tool = scope.tools.get(spec.contract);
  if (tool === undefined) {
    throw new PackError(
      scope.packFile,
      at('/contract'),
      `no contract of the pack is named "${spec.contract}"`,
    );
  }
  const context = { ...scope.pack.defaults?.context, ...spec.context };
  if (context.requestId === undefined) {
    throw new PackError(
      scope.packFile,
      at('/context'),
      'no requestId, neither in the case nor in the defaults',
    );
  }
  checkInput(spec, scope, at('/input'));
  return {
    id: spec.id,
    title: spec.title,
    line: scope.lines[index] ?? 1,
    tool,
    context: context as RequestContext,
    input: spec.input,
    transport: { ...scope.pack.defaults?.transport, ...spec.transport },
    expect: spec.expect,
    patterns: compilePatterns(spec, scope.packFile, at('/expect/sinks')),
  };
}

function checkInput(spec: CaseSpec, scope: CaseScope, pointer: string): void {
  const input = spec.input;
  if ('file' in input) {
    const path = pathInside(scope.packDir, input.file);
    if (path === undefined)
      throw new PackError(scope.packFile, `${pointer}/file`, 'the file must be inside the pack folder');
    if (!existsSync(path) || !statSync(path).isFile()) {
      throw new PackError(scope.packFile, `${pointer}/file`, 'no such file in the pack folder');
    }
    if (statSync(path).size > MAX_INPUT_BYTES) {
      throw new PackError(
        scope.packFile,
        `${pointer}/file`,
        `the file is larger than ${MAX_INPUT_BYTES} bytes`,
      );
    }
  }
  if ('generate' in input && generatedLength(input.generate) > MAX_INPUT_BYTES) {
    throw new PackError(
      scope.packFile,
      `${pointer}/generate`,
      `the generated body would exceed ${MAX_INPUT_BYTES} bytes`,
    );
  }
}

function compilePatterns(
  spec: CaseSpec,
  packFile: string,
  pointer: string,
): Partial<Record<SinkName, readonly RegExp[]>> {
  const patterns: Partial<Record<SinkName, RegExp[]>> = {};
  for (const sink of SINK_NAMES) {
    const sources = spec.expect.sinks?.[sink]?.matches ?? [];
    patterns[sink] = sources.map((source, i) => {
      try {
        return new RegExp(source, 'u');
      } catch {
        throw new PackError(
          packFile,
          `${pointer}/${sink}/matches/${i}`,
          'not a valid regular expression (u flag)',
        );
      }
    });
  }
  return patterns;
}
