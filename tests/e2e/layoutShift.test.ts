// No page of the route table moves while it loads: the layout-shift entries a first visit records (those
// without recent input, as CLS counts them) add up to at most 0.02, signed in as an Admin and as a Vendeur.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, openBrowser } from '../helpers/e2e';
import { routePaths, tokenOf } from '../helpers/routeTable';

let browser: Browser;
const visits: Array<{ path: string; as: string; token: string | null }> = [];

beforeAll(async () => {
  browser = await openBrowser();
  const vendeur = await tokenOf(baseUrl(), 'vendeur@demo.fr');
  const admin = await tokenOf(baseUrl(), 'admin@demo.fr');
  for (const path of await routePaths(baseUrl(), vendeur)) {
    if (path === '/login') visits.push({ path, as: 'nobody', token: null });
    else visits.push({ path, as: 'admin', token: admin }, { path, as: 'vendeur', token: vendeur });
  }
  // The dashboard of a company with 220 products: its load shows a progress bar for a while.
  const large = await tokenOf(baseUrl(), 'directeur@grand-mobilier.fr');
  visits.push({ path: '/dashboard', as: 'directeur, 220 produits', token: large });
});
afterAll(() => browser?.close());

async function shiftsOf(path: string, token: string | null) {
  // No service worker: once it takes control it asks the page's API answers again through itself
  // (src/pwa/replayThroughWorker.ts), and Playwright never sees those requests end, so "networkidle" never
  // came on a machine fast enough for the worker to take control before it. A first visit's layout does
  // not depend on the worker.
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  try {
    await context.addInitScript((t) => {
      if (t && location.pathname === '/logo.svg') localStorage.setItem('token', t);
    }, token);
    const page = await context.newPage();
    if (token) await page.goto('/logo.svg'); // the session on the origin before the first visit
    await page.goto(path);
    await page.waitForLoadState('networkidle');
    await page.waitForTimeout(500);
    return await page.evaluate(
      () =>
        new Promise<Array<{ value: number; nodes: string[] }>>((resolve) => {
          const out: Array<{ value: number; nodes: string[] }> = [];
          new PerformanceObserver((list) => {
            for (const e of list.getEntries() as Array<
              PerformanceEntry & { value: number; hadRecentInput: boolean; sources: Array<{ node?: Node }> }
            >) {
              if (!e.hadRecentInput)
                out.push({
                  value: e.value,
                  nodes: e.sources.map((s) => (s.node as Element | undefined)?.outerHTML?.slice(0, 100) ?? '?'),
                });
            }
          }).observe({ type: 'layout-shift', buffered: true });
          setTimeout(() => resolve(out), 100);
        }),
    );
  } finally {
    await context.close();
  }
}

describe('layout shift on load', () => {
  it('every route of the route table shifts by at most 0.02 on a first visit', async () => {
    const over: string[] = [];
    for (const { path, as, token } of visits) {
      const shifts = await shiftsOf(path, token);
      const sum = shifts.reduce((s, e) => s + e.value, 0);
      if (sum > 0.02) over.push(`${path} (${as}) ${sum.toFixed(3)}: ${shifts.flatMap((s) => s.nodes).join(' | ')}`);
    }
    expect(over).toEqual([]);
  }, 600_000);
});
