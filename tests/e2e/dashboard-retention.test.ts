// The dashboard offers no year or month older than the events retention (docs/privacy.md): npm start's
// server purged the demo's months older than EVENTS_RETENTION_MONTHS (25) at start, and the period
// choices start at the oldest month kept (GET /api/ProductStatistics/Retention).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MONTH_NAMES } from '#domain/analytics/selection';

import { oldestKeptMonth } from '../../server/analytics/retention';
import { choose } from '../helpers/dashboard';
import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

async function optionsOf(page: Page, inputId: string): Promise<string[]> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  const panel = page.locator('.p-dropdown-panel li[role="option"]');
  await panel.first().waitFor();
  const texts = (await panel.allTextContents()).map((t) => t.trim());
  await page.keyboard.press('Escape');
  await page.locator('.p-dropdown-panel').waitFor({ state: 'detached' });
  return texts;
}

describe('the dashboard and the retention', () => {
  it('offers the years and months from the oldest month kept only', async () => {
    const oldest = oldestKeptMonth(new Date(), 25);
    const thisYear = new Date().getUTCFullYear();
    const years: string[] = [];
    for (let y = oldest.getUTCFullYear(); y <= thisYear; y++) years.push(String(y));

    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await choose(page, 'dashboard-company', 'Maison Lumière');
    await page.getByText(/Analyse globale de \d+ produits/).waitFor();
    await choose(page, 'dashboard-period', 'Mois');
    // The choices follow the server's answer once it has come.
    await expect.poll(() => optionsOf(page, 'dashboard-year')).toEqual(years);
    await choose(page, 'dashboard-year', String(oldest.getUTCFullYear()));
    expect(await optionsOf(page, 'dashboard-month')).toEqual(MONTH_NAMES.slice(oldest.getUTCMonth()));

    // A bookmark of a purged month is moved to the oldest month kept.
    const url = new URL(page.url());
    url.searchParams.set('annee', '2021');
    url.searchParams.set('mois', '3');
    await page.goto(url.pathname + url.search);
    await page.waitForURL((u) => u.searchParams.get('annee') === String(oldest.getUTCFullYear()));
    expect(new URL(page.url()).searchParams.get('mois')).toBe(String(oldest.getUTCMonth() + 1));
    expect(errors).toEqual([]);
    await context.close();
  });
});
