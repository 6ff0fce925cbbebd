// The tool state store contract: one suite that memory, SQLite, PostgreSQL and Redis stores must all pass.
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createToolRegistry } from '../../src/calls/registry.js';
import { ALL_TOOLS, type ToolStateStore } from '../../src/calls/tool-state.js';

/** A store opened for one test, a second instance on the same backend, and the clean-up. */
export interface OpenedToolStore {
  readonly store: ToolStateStore;
  /** Another instance sharing the backend (another process would open it the same way). */
  readonly other: () => Promise<ToolStateStore>;
  readonly dispose: () => Promise<void>;
}

const H1 = 'a'.repeat(64);
const H2 = 'b'.repeat(64);
const B1 = 'c'.repeat(64);
const B2 = 'd'.repeat(64);

/** Runs the contract against fresh, isolated stores from `open` (one per test). */
export function describeToolStoreContract(
  name: string,
  open: () => Promise<OpenedToolStore>,
  enabled = true,
): void {
  describe.skipIf(!enabled)(`tool state store contract: ${name}`, () => {
    let opened: OpenedToolStore;
    let store: ToolStateStore;
    beforeEach(async () => {
      opened = await open();
      store = opened.store;
    });
    afterEach(async () => {
      await opened.dispose();
    });

    it('has no record for a tool it never saw', async () => {
      expect(await store.get('search_tickets')).toBeUndefined();
      expect(await store.namesWithBody(B1)).toEqual([]);
    });

    it('pins a new tool as active, and a state change keeps the pin', async () => {
      await store.pin('search_tickets', H1, B1, 1_000);
      expect(await store.get('search_tickets')).toEqual({
        name: 'search_tickets',
        hash: H1,
        bodyHash: B1,
        state: 'active',
        updatedAt: 1_000,
      });
      await store.setState('search_tickets', 'metadata-only', 2_000);
      expect(await store.get('search_tickets')).toMatchObject({
        hash: H1,
        state: 'metadata-only',
        updatedAt: 2_000,
      });
    });

    it('keeps the state when a tool is pinned again, and creates an unpinned record for a state alone', async () => {
      await store.setState('http_post', 'offline', 1);
      expect(await store.get('http_post')).toMatchObject({ hash: null, bodyHash: null, state: 'offline' });
      await store.pin('http_post', H2, B2, 2);
      expect(await store.get('http_post')).toMatchObject({ hash: H2, state: 'offline' });
    });

    it('unpins only a pinned tool, keeping its state', async () => {
      expect(await store.unpin('send_email', 1)).toBe(false);
      await store.pin('send_email', H1, B1, 1);
      await store.setState('send_email', 'offline', 2);
      expect(await store.unpin('send_email', 3)).toBe(true);
      expect(await store.get('send_email')).toMatchObject({
        hash: null,
        bodyHash: null,
        state: 'offline',
        updatedAt: 3,
      });
      expect(await store.unpin('send_email', 4)).toBe(false);
      expect(await store.namesWithBody(B1)).toEqual([]);
    });

    it('indexes names by approved body, following re-pins and unpins', async () => {
      await store.pin('search_tickets', H1, B1, 1);
      await store.pin('find_tickets', H2, B1, 1);
      expect(await store.namesWithBody(B1)).toEqual(['find_tickets', 'search_tickets']);
      await store.pin('find_tickets', H1, B2, 2);
      expect(await store.namesWithBody(B1)).toEqual(['search_tickets']);
      expect(await store.namesWithBody(B2)).toEqual(['find_tickets']);
    });

    it('shares records with a second instance on the same backend', async () => {
      const other = await opened.other();
      try {
        await store.pin('search_tickets', H1, B1, 1);
        await other.setState('search_tickets', 'offline', 2);
        expect(await store.get('search_tickets')).toMatchObject({ hash: H1, state: 'offline' });
        expect(await other.get('search_tickets')).toMatchObject({ hash: H1, state: 'offline' });
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('loses neither change when pins and state changes race on one tool', async () => {
      const other = await opened.other();
      try {
        await Promise.all(
          Array.from({ length: 10 }, (_, i) => [
            store.pin('race', i % 2 === 0 ? H1 : H2, B1, i),
            other.setState('race', 'metadata-only', i),
          ]).flat(),
        );
        const record = await store.get('race');
        expect(record?.state).toBe('metadata-only');
        expect([H1, H2]).toContain(record?.hash);
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('keeps the latest published and the pinned definition of each tool, and lists every name', async () => {
      expect(await store.definition('search_tickets', 'published')).toBeUndefined();
      await store.keepDefinition('search_tickets', 'published', { hash: H1, definition: '{"a":1}', at: 1 });
      await store.keepDefinition('search_tickets', 'published', { hash: H2, definition: '{"a":2}', at: 2 });
      await store.keepDefinition('search_tickets', 'pinned', { hash: H1, definition: '{"a":1}', at: 3 });
      await store.setState('zz_offline', 'offline', 4);
      await store.pin('aa_pinned', H1, B1, 5);
      expect(await store.definition('search_tickets', 'published')).toEqual({
        hash: H2,
        definition: '{"a":2}',
        at: 2,
      });
      expect(await store.definition('search_tickets', 'pinned')).toEqual({
        hash: H1,
        definition: '{"a":1}',
        at: 3,
      });
      expect(await store.names()).toEqual(['aa_pinned', 'search_tickets', 'zz_offline']);
    });

    it("holds every tool at the kill switch's state, through any registry on the backend", async () => {
      const other = await opened.other();
      try {
        const first = createToolRegistry({ store });
        const second = createToolRegistry({ store: other });
        await first.approve({ name: 'search_tickets', description: 'Searches tickets.' });
        await second.setState(ALL_TOOLS, 'offline');
        expect(await first.status('search_tickets')).toMatchObject({ approved: true, state: 'offline' });
        await second.setState(ALL_TOOLS, 'metadata-only');
        await first.setState('search_tickets', 'offline');
        expect(await first.status('search_tickets')).toMatchObject({ state: 'offline' });
        await first.setState('search_tickets', 'active');
        expect(await first.status('search_tickets')).toMatchObject({ state: 'metadata-only' });
        await second.setState(ALL_TOOLS, 'active');
        expect(await first.status('search_tickets')).toMatchObject({ state: 'active' });
      } finally {
        if (other !== store) await other.close();
      }
    });

    it('serves two registries: a state set in one applies in the other at once', async () => {
      const other = await opened.other();
      try {
        const first = createToolRegistry({ store });
        const second = createToolRegistry({ store: other });
        const definition = { name: 'search_tickets', description: 'Searches tickets.' };
        await first.approve(definition);
        expect(await second.review(definition)).toMatchObject({ status: 'approved' });
        await first.setState('search_tickets', 'offline');
        expect(await second.status('search_tickets')).toMatchObject({ approved: true, state: 'offline' });
        await second.revoke('search_tickets');
        expect(await first.status('search_tickets')).toMatchObject({ approved: false });
      } finally {
        if (other !== store) await other.close();
      }
    });
  });
}
