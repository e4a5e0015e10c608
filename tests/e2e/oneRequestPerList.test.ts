// A first visit of /customers asks the server for the customer list once (the page and the sidebar badge
// share the request), and both show it.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';

import { baseUrl, openBrowser } from '../helpers/e2e';
import { tokenOf } from '../helpers/routeTable';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

it('/customers loads /api/Customers/forCurrentUser once, the badge and the table both filled', async () => {
  const token = await tokenOf(baseUrl(), 'vendeur@demo.fr');
  const context = await browser.newContext({
    baseURL: baseUrl(),
    viewport: { width: 1400, height: 900 },
    serviceWorkers: 'block',
  });
  try {
    const page = await context.newPage();
    await page.goto('/logo.svg');
    await page.evaluate((t) => localStorage.setItem('token', t), token);
    const lists: string[] = [];
    page.on('request', (r) => {
      if (new URL(r.url()).pathname === '/api/Customers/forCurrentUser') lists.push(r.url());
    });
    await page.goto('/customers');
    await page.getByRole('row').nth(1).waitFor();
    await page.locator('.nav-badge').waitFor();
    await page.waitForLoadState('networkidle');
    expect(lists).toHaveLength(1);
  } finally {
    await context.close();
  }
});
