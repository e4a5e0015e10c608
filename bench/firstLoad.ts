// npx tsx bench/firstLoad.ts: the JavaScript a first visit loads, gzip bytes, for /login and /dashboard
// (signed in as the 220-product company), in the system Chromium against npm start's server (built app).
// Every script response the page and its workers receive counts, the service worker's own precache
// downloads excepted (they happen in the background and do not delay the page). Budgets: docs/performance.md.
import zlib from 'node:zlib';

import { chromium, type Page } from 'playwright-core';

import { CHROMIUM_FLAGS, chromiumPath } from '../tests/helpers/browser';
import { figureTexts } from '../tests/helpers/dashboard';
import { startServer } from '../tests/helpers/server';

export const FIRST_LOAD_BUDGETS = { '/login': 150 * 1024, '/dashboard': 300 * 1024 } as const;

async function scriptBytes(
  page: Page,
  load: () => Promise<void>,
): Promise<{ total: number; files: [string, number][] }> {
  const files: [string, number][] = [];
  const pending: Promise<void>[] = [];
  page.on('response', (res) => {
    const url = new URL(res.url());
    if (!url.pathname.endsWith('.js') || res.request().serviceWorker()) return;
    pending.push(
      res
        .body()
        .then((body) => void files.push([url.pathname, zlib.gzipSync(body).length]))
        .catch(() => undefined),
    );
  });
  await load();
  await page.waitForLoadState('networkidle');
  await Promise.all(pending);
  return { total: files.reduce((s, [, n]) => s + n, 0), files: files.sort((a, b) => b[1] - a[1]) };
}

export async function measureFirstLoad(baseUrl: string): Promise<Record<keyof typeof FIRST_LOAD_BUDGETS, number>> {
  const browser = await chromium.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  try {
    const res = await fetch(`${baseUrl}/api/Auth/backoffice/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ mail: 'directeur@grand-mobilier.fr', password: 'Demo!2026pass' }),
    });
    const { token } = (await res.json()) as { token: string };
    const out = {} as Record<keyof typeof FIRST_LOAD_BUDGETS, number>;
    for (const path of Object.keys(FIRST_LOAD_BUDGETS) as (keyof typeof FIRST_LOAD_BUDGETS)[]) {
      // A fresh profile per page: nothing cached, no service worker yet (a first visit).
      // No service worker: its background precache is not the page's, and Playwright never sees the requests
      // it replays end (so "networkidle" would not come).
      const context = await browser.newContext({ baseURL: baseUrl, serviceWorkers: 'block' });
      if (path !== '/login') await context.addInitScript((t) => localStorage.setItem('token', t), token);
      const page = await context.newPage();
      const { total, files } = await scriptBytes(page, async () => {
        await page.goto(path);
        // The dashboard until its figures are complete: "networkidle" alone could come in a quiet moment
        // before the analytics worker's script was asked for (a run once counted 275 KB, the next 353).
        if (path === '/dashboard') {
          await page.getByRole('heading', { level: 1 }).first().waitFor();
          await figureTexts(page);
          await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 120_000 });
        }
      });
      if (process.env.FIRST_LOAD_DETAILS)
        for (const [f, n] of files) console.log(`  ${path} ${f} ${(n / 1024).toFixed(1)} KB`);
      out[path] = total;
      await context.close();
    }
    return out;
  } finally {
    await browser.close();
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const server = await startServer();
  try {
    const figures = await measureFirstLoad(server.url);
    console.log('| page | JS loaded (gzip) | budget |\n|---|---|---|');
    for (const [path, bytes] of Object.entries(figures)) {
      const budget = FIRST_LOAD_BUDGETS[path as keyof typeof FIRST_LOAD_BUDGETS];
      console.log(
        `| ${path} | ${(bytes / 1024).toFixed(1)} KB | ${budget / 1024} KB${bytes > budget ? ' (over)' : ''} |`,
      );
    }
  } finally {
    await server.stop();
  }
}
