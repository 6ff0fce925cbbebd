// `airlock contract compile`: exit 0 with the generated pass, 1 for a contract the gate interprets, 2 on misuse.
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, test } from 'vitest';
import { runCli } from '../../src/cli/main.js';
import { memoryIo } from '../support/cli-io.js';
import { useTempDir } from '../support/temp-dir.js';

const dir = useTempDir('contract-compile');
const shipped = join(process.cwd(), 'fixtures/contracts/ticket-search.contract.json');

describe('airlock contract compile', () => {
  test('prints the generated pass of a shipped contract', async () => {
    const io = memoryIo();
    expect(await runCli(['contract', 'compile', shipped], io)).toBe(0);
    expect(io.out()).toMatch(/^"use strict";/);
    expect(io.out()).toContain('case "title":');
    expect(io.out()).toContain('function* g');
    expect(io.err()).toBe('');
  });

  test('says which part of a contract it does not cover, with exit 1', async () => {
    const file = join(dir, 'unique.json');
    const schema = {
      type: 'object',
      properties: { tags: { type: 'array', maxItems: 3, uniqueItems: true, items: { enum: ['a', 'b'] } } },
      additionalProperties: false,
    };
    writeFileSync(file, JSON.stringify({ name: 't', version: 'v1', schema }));
    const io = memoryIo();
    expect(await runCli(['contract', 'compile', file], io)).toBe(1);
    expect(io.out()).toBe('');
    expect(io.err()).toBe(
      'airlock contract compile: not compiled: the keyword "uniqueItems" at /properties/tags; the gate interprets it\n',
    );
  });

  test('a missing or extra argument is a usage mistake, a broken contract a contract mistake', async () => {
    expect(await runCli(['contract', 'compile'], memoryIo())).toBe(2);
    expect(await runCli(['contract', 'compile', shipped, shipped], memoryIo())).toBe(2);
    const open = join(dir, 'open.json');
    writeFileSync(open, JSON.stringify({ name: 't', version: 'v1', schema: { type: 'object' } }));
    const io = memoryIo();
    expect(await runCli(['contract', 'compile', open], io)).toBe(2);
    expect(io.err()).toMatch(/^airlock contract compile: /);
  });
});
