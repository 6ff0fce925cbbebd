// Writes throw-away packs into a temporary folder for loader, runner and CLI tests.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';

/** A temporary folder that holds packs, removed by `remove()`. */
export interface TempPacks {
  readonly root: string;
  /** Writes `<root>/<name>/pack.json` (a value is serialized, a string written as is) and extra files; returns the pack folder. */
  write(name: string, pack: unknown, files?: Readonly<Record<string, string | Uint8Array>>): string;
  remove(): void;
}

/** Creates an empty temporary folder for packs. */
export function tempPacks(): TempPacks {
  const root = mkdtempSync(join(tmpdir(), 'airlock-packs-'));
  return {
    root,
    write(name, pack, files = {}) {
      const dir = join(root, name);
      mkdirSync(dir, { recursive: true });
      writeFileSync(join(dir, 'pack.json'), typeof pack === 'string' ? pack : JSON.stringify(pack, null, 2));
      for (const [file, content] of Object.entries(files)) {
        mkdirSync(dirname(join(dir, file)), { recursive: true });
        writeFileSync(join(dir, file), content);
      }
      return dir;
    },
    remove() {
      rmSync(root, { recursive: true, force: true });
    },
  };
}

/** A minimal valid pack over the shipped review-status contract, with one accepted and one rejected case. */
export function reviewPack(overrides: Readonly<Record<string, unknown>> = {}): Record<string, unknown> {
  const data = { change_id: 'CR-7', decision: 'approved', reviewed_by: 'ana' };
  const body = { tool: 'review_status', request_id: 'req.J7q94MkP', outcome: 'success', data };
  return {
    name: 'review',
    description: 'A small pack over the shipped review-status contract.',
    contracts: ['review-status.contract.json'],
    defaults: { context: { requestId: 'req.J7q94MkP' }, transport: { contentType: 'application/json' } },
    cases: [
      {
        id: 'accepted',
        title: 'A well-formed review is accepted and projected',
        contract: 'review_status',
        input: { json: body },
        expect: { accepted: { findings: 'none', data: { change_id: 'CR-7', decision: 'approved' } } },
      },
      {
        id: 'extra-member',
        title: 'An extra member rejects the review and stays out of the outcome',
        contract: 'review_status',
        input: { json: { ...body, data: { ...data, admin_override: true } } },
        expect: {
          rejected: { code: 'schema_mismatch', detail: 'validate.additionalProperties' },
          agentNotContains: ['admin_override'],
        },
      },
    ],
    ...overrides,
  };
}
