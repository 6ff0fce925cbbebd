// Runs the JSON Schema Test Suite (draft 2020-12) through Airlock's own ajv factory and classifies failures.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { createAjv } from '../../src/schema/ajv-factory.js';

/** One test case's result: passed, or why not. */
export interface SuiteCase {
  readonly id: string;
  readonly failure: string | undefined;
}

interface Group {
  readonly description: string;
  readonly schema: unknown;
  readonly tests: ReadonlyArray<{
    readonly description: string;
    readonly data: unknown;
    readonly valid: boolean;
  }>;
}

function jsonFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory()
      ? jsonFiles(join(dir, entry.name))
      : entry.name.endsWith('.json')
        ? [join(dir, entry.name)]
        : [],
  );
}

/** Why ajv in strict mode refused a schema, as a stable category. */
function refusalReason(message: string): string {
  if (message.includes('unknown keyword')) return 'refused by strict mode: unknown keyword';
  if (/strictTypes|missing type|"type"/.test(message))
    return 'refused by strict mode: keyword without its type (strictTypes)';
  if (message.includes('strictTuples') || message.includes('minItems or maxItems/additionalItems'))
    return 'refused by strict mode: open tuple (strictTuples)';
  if (message.includes('strictRequired') || message.includes('required property'))
    return 'refused by strict mode: required property not defined (strictRequired)';
  if (message.includes('unknown format')) return 'refused: unknown format';
  if (message.includes('ignored in schema') || message.includes('is ignored'))
    return 'refused by strict mode: ignored keyword';
  if (/can't resolve reference|no schema with key|resolve reference/i.test(message))
    return 'refused: reference not resolvable by ajv';
  if (/strict mode/.test(message)) return 'refused by strict mode: other';
  return 'refused by ajv: schema error';
}

/**
 * Runs every group in the suite; each test case yields its id and failure category (undefined when passed).
 * One factory instance per run; between groups every schema but the meta-schemas is removed.
 */
export function runSchemaSuite(root: string, strict: boolean): SuiteCase[] {
  const remotes = jsonFiles(join(root, 'remotes')).map((file) => ({
    uri: `http://localhost:1234/${relative(join(root, 'remotes'), file).split('\\').join('/')}`,
    schema: JSON.parse(readFileSync(file, 'utf8')) as object,
  }));
  const out: SuiteCase[] = [];
  const ajv = createAjv({ strict });
  for (const file of jsonFiles(join(root, 'tests')).sort()) {
    const name = relative(join(root, 'tests'), file);
    for (const group of JSON.parse(readFileSync(file, 'utf8')) as Group[]) {
      ajv.removeSchema();
      const usesRemotes = JSON.stringify(group.schema).includes('localhost:1234');
      for (const remote of usesRemotes ? remotes : []) {
        try {
          ajv.addSchema(remote.schema, remote.uri);
        } catch {
          // A remote written for another draft cannot be added to a 2020-12 instance; refs to it then fail.
        }
      }
      let validate: ((data: unknown) => boolean) | undefined;
      let refused: string | undefined;
      try {
        const compiled = ajv.compile(group.schema as object);
        validate = (data) => compiled(data);
      } catch (error) {
        refused = refusalReason(error instanceof Error ? error.message : String(error));
      }
      for (const test of group.tests) {
        const id = `${name} | ${group.description} | ${test.description}`;
        if (validate === undefined) {
          out.push({ id, failure: refused });
          continue;
        }
        let verdict: boolean | 'threw';
        try {
          verdict = validate(test.data);
        } catch {
          verdict = 'threw';
        }
        const failure =
          verdict === 'threw'
            ? 'validation threw'
            : verdict === test.valid
              ? undefined
              : test.valid
                ? 'false rejection'
                : 'false acceptance';
        out.push({ id, failure });
      }
    }
  }
  return out;
}
