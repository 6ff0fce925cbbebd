// Launches the system's Debian Chromium via playwright-core with a fresh profile; never downloads one.
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type BrowserContext } from 'playwright-core';
import { IN_CI } from '../support/corpora.js';

/** The Debian package's Chromium (`apt-get install -y chromium`). */
export const CHROMIUM_PATH = process.env.AIRLOCK_CHROMIUM ?? '/usr/bin/chromium';

/** Flags for a quiet, offline-leaning headless run: nothing phones home, nothing updates itself. */
const CHROMIUM_FLAGS: readonly string[] = Object.freeze([
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]);

/**
 * True when Chromium is installed. When it is not, throws in CI (the browser test must run there) and
 * otherwise prints why the browser tests are skipped.
 */
export function chromiumAvailable(): boolean {
  if (existsSync(CHROMIUM_PATH)) return true;
  const reason = `Chromium not found at ${CHROMIUM_PATH}`;
  if (IN_CI) throw new Error(`${reason}; CI must install it (apt-get install -y chromium)`);
  console.warn(`skipping browser tests: ${reason} (apt-get install -y chromium, or set AIRLOCK_CHROMIUM)`);
  return false;
}

/** A running browser with its own profile directory, removed on close. */
export interface ChromiumSession {
  readonly context: BrowserContext;
  close(): Promise<void>;
}

/** Starts Chromium with a fresh user-data-dir. */
export async function launchChromium(): Promise<ChromiumSession> {
  const profile = await mkdtemp(join(tmpdir(), 'airlock-chromium-'));
  const context = await chromium.launchPersistentContext(profile, {
    executablePath: CHROMIUM_PATH,
    headless: true,
    args: [...CHROMIUM_FLAGS],
  });
  return {
    context,
    async close() {
      await context.close();
      await rm(profile, { recursive: true, force: true });
    },
  };
}
