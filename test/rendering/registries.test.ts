// The registries are the single source: every list elsewhere that names purposes or sinks agrees with them.
import { readFileSync } from 'node:fs';
import { describe, expect, test } from 'vitest';
import { PURPOSE_SANITIZERS } from '../../src/purposes/registry.js';
import { SINKS, SINK_NAMES } from '../../src/rendering/sinks.js';
import { PURPOSE_KINDS, purposesWith } from '../../src/vocabulary/purpose-kinds.js';

const schemaOf = (path: string): Record<string, unknown> =>
  JSON.parse(readFileSync(new URL(path, import.meta.url), 'utf8')) as Record<string, unknown>;

/** Property names declared at a path of nested `properties` keywords. */
function declared(schema: Record<string, unknown>, path: readonly string[]): string[] {
  let node: unknown = schema;
  for (const key of path) node = (node as Record<string, unknown>)[key];
  return Object.keys(node as object).sort();
}

describe('the purpose registry', () => {
  test('has a sanitizer for every purpose kind, and each says its own kind', () => {
    expect(Object.keys(PURPOSE_SANITIZERS).sort()).toEqual([...PURPOSE_KINDS].sort());
    for (const kind of PURPOSE_KINDS) expect(PURPOSE_SANITIZERS[kind].kind).toBe(kind);
  });

  test('the contract-file format allows defaults for exactly the purposes that take them', () => {
    const schema = schemaOf('../../src/contract/contract-file.schema.json');
    expect(declared(schema, ['properties', 'purposes', 'properties'])).toEqual(
      [...purposesWith('contractDefaults')].sort(),
    );
  });
});

describe('the sink registry', () => {
  test('the pack format asserts on exactly the registered sinks', () => {
    const text = readFileSync(new URL('../../src/packs/pack.schema.json', import.meta.url), 'utf8');
    const found: string[][] = [];
    JSON.parse(text, (key, value: unknown) => {
      const properties = (value as { properties?: object } | null)?.properties;
      if (key === 'sinks' && properties !== undefined) found.push(Object.keys(properties).sort());
      return value;
    });
    expect(found).toEqual([[...SINK_NAMES].sort()]);
  });

  test('every sink renders an accepted outcome, a failure and a purposed value in the shared shape', async () => {
    const meta = { tool: 'demo', schemaVersion: 'demo.v1', requestId: 'req.00000001', findings: [] };
    const inputs = [
      {
        ok: true as const,
        data: { note: 'hello <b>' },
        meta: { ...meta, purposes: { '/note': 'text' as const } },
      },
      { ok: false as const, error: { code: 'schema_mismatch' as const, retryable: false }, meta },
      { purpose: 'text' as const, value: 'plain words' },
    ];
    const { DEFAULT_EGRESS_POLICY: policy } = await import('../../src/egress/policy.js');
    const options = { html: { policy }, markdown: { policy }, prompt: { system: ['sys'] }, log: {} };
    for (const name of SINK_NAMES) {
      for (const input of inputs) {
        const sink = SINKS[name] as {
          render(i: unknown, o: unknown): Promise<{ text: unknown; findings: unknown }>;
        };
        const rendering = await sink.render(input, options[name]);
        expect(typeof rendering.text, name).toBe('string');
        expect(Array.isArray(rendering.findings), name).toBe(true);
      }
    }
  });
});
