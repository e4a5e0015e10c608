// The bench's cold load, round after round, for the scripts that look inside it (profileCold.ts,
// coldPhases.ts): the bench's data, a server on it (with `dist`, another build of the app), one Chromium;
// each round a fresh context (empty IndexedDB), the demo Admin signed in, the dashboard open with the
// company's option shown. `round` clicks it and measures; the context is closed after.
import type { Browser, BrowserContext, Page } from 'playwright-core';

import { launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';
import { pgliteDataDir } from './dataDir';
import { benchContext, openDashboard, openDropdown, signIn } from './ours';

export interface ColdRound {
  n: number;
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** The company's name, as its option reads. */
  company: string;
  baseUrl: string;
}

export async function coldRounds(
  { products, events, rounds, dist }: { products: number; events: number; rounds: number; dist?: string | null },
  round: (r: ColdRound) => Promise<void>,
  log: (s: string) => void,
): Promise<void> {
  const { dir, companies } = await pgliteDataDir([{ products, events }], false, log);
  const company = companies.find((c) => c.products === products && c.events === events)!;
  const server = await startServer({ SEED: 'off', ...(dist ? { DIST_DIR: dist, SKIP_BUILD: '1' } : {}) }, dir);
  const browser = await launchBrowser();
  try {
    for (let n = 1; n <= rounds; n++) {
      const context = await benchContext(browser, server.url);
      try {
        const page = await context.newPage();
        await signIn(page);
        await openDashboard(page);
        await openDropdown(page, 'dashboard-company', company.name);
        await round({ n, browser, context, page, company: company.name, baseUrl: server.url });
      } finally {
        await context.close();
      }
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}
