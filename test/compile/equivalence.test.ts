// The compiled pass against the interpreter: every shipped and generated contract, benign and hostile documents.
import { readdirSync, readFileSync } from 'node:fs';
import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import { contractFromJson } from '../../src/contract/contract-file.js';
import { defineTool, type ToolDefinition } from '../../src/contract/define-tool.js';
import type { ProjectionSpec } from '../../src/project/projection.js';
import { ContractError } from '../../src/vocabulary/contract-error.js';
import { generatedSchemas, projectionOf } from './contracts.js';
import { documentsOf } from './documents.js';
import { expectSameAnswer } from './differential.js';

/** Documents per contract (raise with AIRLOCK_DIFFERENTIAL_RUNS for a longer run). */
const RUNS = Number(process.env.AIRLOCK_DIFFERENTIAL_RUNS ?? 1000);
/** Generated contracts the compiler takes, at least. */
const CONTRACTS = Number(process.env.AIRLOCK_DIFFERENTIAL_CONTRACTS ?? 100);

const directory = new URL('../../fixtures/contracts/', import.meta.url);
const shipped = readdirSync(directory).filter((name) => name.endsWith('.contract.json'));

function compiledOrFail<T>(tool: ToolDefinition<T>): ToolDefinition<T> {
  if (!('walk' in tool.pass)) expect.fail(`not compiled: ${tool.pass.location} ${tool.pass.reason}`);
  return tool;
}

async function sameAnswers<T>(tool: ToolDefinition<T>, runs: number, seed?: number): Promise<number> {
  let accepted = 0;
  await fc.assert(
    fc.asyncProperty(documentsOf(tool.contract.schema as Record<string, unknown>), async (document) => {
      if (await expectSameAnswer(tool, JSON.stringify(document))) accepted++;
    }),
    { numRuns: runs, ...(seed === undefined ? {} : { seed }) },
  );
  return accepted;
}

/** The generated contract as a tool, or `undefined` when `defineTool` refuses it. */
function definedOrUndefined(
  schema: Record<string, unknown>,
  project: ProjectionSpec | undefined,
): ToolDefinition<unknown> | undefined {
  const named = { name: 'generated', version: 'g.v1', schema };
  try {
    return defineTool(project === undefined ? named : { ...named, project });
  } catch (error) {
    if (error instanceof ContractError) return undefined;
    throw error;
  }
}

describe('compiled contracts answer as the interpreter does', () => {
  test.each(shipped)(
    '%s, as shipped and with its binding rules dropped',
    async (name) => {
      const contract = contractFromJson(JSON.parse(readFileSync(new URL(name, directory), 'utf8')));
      const asShipped = compiledOrFail(defineTool(contract));
      const unbound = compiledOrFail(defineTool({ ...contract, bind: [] }));
      await sameAnswers(asShipped, Math.ceil(RUNS / 4));
      const accepted = await sameAnswers(unbound, RUNS);
      expect(accepted).toBeGreaterThan(RUNS / 10);
    },
    600_000,
  );

  test('generated contracts, each with its own documents', async () => {
    let compiled = 0;
    let acceptedDocuments = 0;
    // Contracts are drawn until enough compile: some are refused, some left to the interpreter.
    for (const [schema, choice] of fc.sample(fc.tuple(generatedSchemas, fc.nat()), CONTRACTS * 10)) {
      if (compiled >= CONTRACTS) break;
      const tool = definedOrUndefined(schema, projectionOf(schema, choice));
      if (tool === undefined || !('walk' in tool.pass)) continue;
      compiled++;
      try {
        acceptedDocuments += await sameAnswers(tool, RUNS, choice);
      } catch (error) {
        const contract = JSON.stringify({ schema, project: projectionOf(schema, choice) });
        throw new Error(`On the generated contract ${contract}: ${String(error)}`);
      }
    }
    expect(compiled).toBe(CONTRACTS);
    expect(acceptedDocuments).toBeGreaterThan(0);
  }, 1_800_000);
});
