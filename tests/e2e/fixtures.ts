// The journeys' `test`: Playwright's, plus
// - the browser's clock at the server's (ENCORE_NOW moves both; without it nothing is installed),
// - data a journey owns: an upcoming event (with sales and a computed forecast) created through
//   the API for the one test that asks, so no journey depends on the demo calendar or on another
//   journey's event,
// - an admin API session per worker to create that data (the browser's sign-in stays the test's).
// Journeys import { test, expect } from here instead of '@playwright/test'.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';
import { test as base, expect, type Browser, type BrowserContext, type BrowserContextOptions } from '@playwright/test';
import type { EventItem } from '../../src/lib/contracts/events';
import { ApiSession, FIXTURE_TICKETS, addSales, createEvent, settledEvent, uniqueTitle } from './api';
import { CLOCK_MOVED, serverNow } from './clock';

/** Starts the context's pages at the server's time (only when ENCORE_NOW moved it); time then runs on. */
export async function moveClock(context: BrowserContext): Promise<void> {
  if (CLOCK_MOVED) await context.clock.install({ time: serverNow() });
}

/** A browser context of its own (a second device), with the clock moved like the test's. */
export async function newContext(browser: Browser, options?: BrowserContextOptions): Promise<BrowserContext> {
  const context = await browser.newContext(options);
  await moveClock(context);
  return context;
}

const LOCK_DIR = `${process.env.E2E_DATA_DIR ?? 'data/e2e'}-locks`;
const STALE_LOCK_MS = 5 * 60_000;

/** Empties the lock folder (devices.setup.ts, before any journey). */
export function clearLocks(): void {
  fs.rmSync(LOCK_DIR, { recursive: true, force: true });
  fs.rmSync(`${LOCK_DIR}-shared`, { recursive: true, force: true });
}

/**
 * Runs `fn` while holding a lock shared by every worker of the run (a folder created atomically),
 * for journeys of both projects that change the same demo record: they take turns.
 */
export async function withLock<T>(name: string, fn: () => Promise<T>, timeoutMs = 120_000): Promise<T> {
  fs.mkdirSync(LOCK_DIR, { recursive: true });
  const path = `${LOCK_DIR}/${name}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    try {
      fs.mkdirSync(path);
      break;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      // A holder that died without letting go (a killed worker) frees the lock after a while.
      const age = Date.now() - (fs.statSync(path, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_LOCK_MS) fs.rmSync(path, { recursive: true, force: true });
      if (Date.now() > until) throw new Error(`lock ${name} still held after ${timeoutMs} ms`);
      await sleep(200);
    }
  }
  try {
    return await fn();
  } finally {
    fs.rmSync(path, { recursive: true, force: true });
  }
}

/**
 * Demo state that journeys of both projects need for a while, longer than a lock may be held (a
 * Meta connection walked through the interface): the first to join records what it found
 * (`probe`), the last to leave puts it back (`restore`). Joining and leaving take the lock `name`.
 */
export const sharedState = {
  async join<T>(name: string, holder: string, probe: () => Promise<T>): Promise<void> {
    const dir = `${LOCK_DIR}-shared/${name}`;
    await withLock(name, async () => {
      fs.mkdirSync(`${dir}/holders`, { recursive: true });
      if (!fs.readdirSync(`${dir}/holders`).length) fs.writeFileSync(`${dir}/found.json`, JSON.stringify(await probe()));
      fs.writeFileSync(`${dir}/holders/${holder}`, '');
    });
  },
  async leave<T>(name: string, holder: string, restore: (found: T) => Promise<void>): Promise<void> {
    const dir = `${LOCK_DIR}-shared/${name}`;
    await withLock(name, async () => {
      fs.rmSync(`${dir}/holders/${holder}`, { force: true });
      if (fs.readdirSync(`${dir}/holders`).length) return;
      const found = JSON.parse(fs.readFileSync(`${dir}/found.json`, 'utf8')) as T;
      fs.rmSync(dir, { recursive: true, force: true });
      await restore(found);
    });
  },
};

/**
 * Gives the running test `ms` more time on top of what it has (fixtures such as salesEvent add
 * their own share first; test.setTimeout would overwrite that).
 */
export function extendTimeout(ms: number): void {
  const info = base.info();
  info.setTimeout(info.timeout + ms);
}

interface TestFixtures {
  /** An upcoming event of the admin's partner (1001) without sales, created for this test alone. */
  ownEvent: EventItem;
  /**
   * An upcoming event of the admin's partner (1001) with sales on three days before today and a
   * computed forecast, created for this test alone (title unique, so a search finds only it).
   */
  salesEvent: EventItem;
}

interface WorkerFixtures {
  /** The admin's API session of this worker (for fixtures; journeys sign in through the browser). */
  adminApi: ApiSession;
}

export const test = base.extend<TestFixtures, WorkerFixtures>({
  context: async ({ context }, use) => {
    await moveClock(context);
    await use(context);
  },
  adminApi: [
    async ({}, use) => {
      const api = await ApiSession.open('admin');
      await use(api);
      await api.dispose();
    },
    { scope: 'worker' },
  ],
  ownEvent: async ({ adminApi }, use, testInfo) => {
    const id = await createEvent(adminApi, { title: uniqueTitle('Journey event', testInfo.project.name) });
    await use(await adminApi.json<EventItem>('GET', `/api/v3/events/${encodeURIComponent(id)}`));
  },
  salesEvent: async ({ adminApi }, use, testInfo) => {
    // Creating it, three sales days and the forecast's recompute: time the test did not spend itself.
    extendTimeout(30_000);
    const id = await createEvent(adminApi, { title: uniqueTitle('Journey concert', testInfo.project.name) });
    const task = await addSales(adminApi, id);
    await use(await settledEvent(adminApi, id, task, FIXTURE_TICKETS));
  },
});

export { expect };
