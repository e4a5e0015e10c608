// The 3D/AR analytics dashboard in Chromium: company choice, figures and charts, selections, the cache.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { MONTH_BLOCKS } from '#domain/analytics/buckets';

import { choose, companyToday, figureTexts, productWithConsultations } from '../helpers/dashboard';
import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** Waits until the four figures are shown (no spinner) and returns them as numbers. */
async function figures(page: Page): Promise<number[]> {
  return (await figureTexts(page)).map((t) => Number(t.replace(/[^\d]/g, '')));
}

/** Waits for the end of a load (no progress bar, figures shown). */
async function settled(page: Page): Promise<number[]> {
  await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
  return figures(page);
}

describe('the dashboard', () => {
  it('admin picks a company and sees the four figures and the three charts; switches counting and periods', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    // No company analysed yet: the title names none (not the Admin's own).
    expect(await page.locator('h1').textContent()).toBe('Dashboard');
    expect(await page.locator('img.dashboard-logo').count()).toBe(1);
    await page.getByText("Sélectionnez d'abord une entreprise").waitFor();
    expect(await page.locator('.p-dropdown:has(#dashboard-company)').textContent()).toContain(
      '-- Choisir une entreprise --',
    );
    expect(await page.locator('.p-dropdown:has(#dashboard-scope)').getAttribute('class')).toContain('p-disabled');
    // No company: the placeholder instead of a chart (tests/e2e/flows.test.ts checks each card and chart).
    expect(await page.locator('section[aria-label="Évolution"] .chart-empty').textContent()).toBe(
      'Sélectionnez une entreprise',
    );

    await choose(page, 'dashboard-company', 'Maison Lumière');
    await page.getByText(/Analyse globale de \d+ produits/).waitFor();
    await page.locator('input#dashboard-scope').waitFor({ state: 'attached' });
    // Default period: the current month, whose events may be few; all_time has them all.
    await choose(page, 'dashboard-period', 'Toutes les données');
    const total = await settled(page);
    expect(total[0]).toBeGreaterThan(1000);
    expect(total[1]).toBeGreaterThan(0);
    expect(total[2]).toBeGreaterThan(0);
    expect(total[3]).toBeGreaterThan(0);
    expect(total[3]).toBeLessThan(100);
    // The line chart (canvas), the doughnut (SVG with France first) and the AR funnel of all products.
    await page.locator('section[aria-label="Évolution"] canvas').first().waitFor();
    const geo = page.locator('section[aria-label^="Origine géographique"]');
    await geo.locator('svg[role="img"]').waitFor();
    expect(await geo.locator('.doughnut-legend li').first().textContent()).toContain('France');
    await page.locator('[aria-label^="Parcours utilisateur : consultation"]').waitFor();
    expect(await page.getByText('Aucune donnée de parcours utilisateur disponible').count()).toBe(0);

    // One product with consultations (Maison Lumière is the Vendeur's company): its own funnel.
    const { name } = await productWithConsultations(page, 'vendeur@demo.fr');
    await page.locator('.p-dropdown:has(#dashboard-scope)').click();
    await page.locator('.p-dropdown-panel li[role="option"]').first().waitFor();
    const filter = page.locator('.p-dropdown-panel .p-dropdown-filter');
    const searched = (await filter.count()) > 0;
    if (searched) await filter.fill(name);
    await page.locator('.p-dropdown-panel li[role="option"]').getByText(name, { exact: true }).click();
    await page.getByText('Analyse spécifique du produit sélectionné').waitFor();
    await settled(page);
    await page.locator('section[aria-label="Parcours utilisateur"] canvas').first().waitFor();
    expect(await page.getByText('Aucune donnée de parcours utilisateur disponible').count()).toBe(0);
    expect(await page.locator('[aria-label^="Parcours utilisateur : consultation"]').count()).toBe(1);

    // Back to all products, unique users: fewer than events. Reopened, the list is whole again (the search
    // typed above is gone), "Tous les produits" first.
    await page.locator('.p-dropdown:has(#dashboard-scope)').click();
    if (searched) expect(await filter.inputValue()).toBe('');
    await page.locator('.p-dropdown-panel li[role="option"]', { hasText: 'Tous les produits' }).first().click();
    await choose(page, 'dashboard-counting', 'Utilisateurs uniques');
    await page.waitForURL(/comptage=unique_users/);
    const unique = await settled(page);
    expect(unique[0]).toBeGreaterThan(0);
    expect(unique[0]).toBeLessThan(total[0]);

    // Each period type labels the chart's buckets as the spec says.
    await choose(page, 'dashboard-period', 'Année');
    await choose(page, 'dashboard-year', '2025');
    await settled(page);
    await page.locator('[aria-label^="Évolution : Jan "]').waitFor();
    expect(await page.locator('[aria-label*="Déc "]').count()).toBeGreaterThan(0);
    await choose(page, 'dashboard-period', 'Mois');
    await settled(page);
    await page.locator('[aria-label^="Évolution : Sem 1 "]').waitFor();
    await choose(page, 'dashboard-period', 'Semaine');
    await choose(page, 'dashboard-week', 'Semaine 1 (1-7)');
    await settled(page);
    await page.locator('[aria-label^="Évolution : Lun "]').waitFor();
    expect(await page.locator('[aria-label*="Dim "]').count()).toBeGreaterThan(0);

    // The selections survive a reload (URL search params, written once the page is idle after a switch).
    await page.waitForURL(/semaine=1/);
    await page.reload();
    await page.locator('.p-dropdown:has(#dashboard-week) .p-dropdown-label', { hasText: 'Semaine 1 (1-7)' }).waitFor();
    await page.locator('.p-dropdown:has(#dashboard-period) .p-dropdown-label', { hasText: 'Semaine' }).waitFor();
    await page
      .locator('.p-dropdown:has(#dashboard-counting) .p-dropdown-label', { hasText: 'Utilisateurs uniques' })
      .waitFor();
    await page
      .locator('.p-dropdown:has(#dashboard-company) .p-dropdown-label', { hasText: 'Maison Lumière' })
      .waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('vendeur@demo.fr lands on his company with the data loaded automatically', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    expect(await page.locator('h1').textContent()).toBe("Outil d'Analyse 3D/AR - Maison Lumière");
    expect(await page.locator('img.dashboard-logo').count()).toBe(0);
    expect(await page.locator('input#dashboard-company').inputValue()).toBe('Maison Lumière');
    expect(await page.locator('input#dashboard-company').isDisabled()).toBe(true);
    await page.getByText(/Analyse globale de \d+ produits/).waitFor();
    await choose(page, 'dashboard-period', 'Toutes les données');
    const values = await settled(page);
    expect(values[0]).toBeGreaterThan(1000);
    // The selection is in the URL: a reload keeps it, and the figures.
    await page.waitForURL(/periode=all_time/);
    await page.reload();
    expect(await page.locator('.p-dropdown:has(#dashboard-period) .p-dropdown-label').textContent()).toBe(
      'Toutes les données',
    );
    expect(await settled(page)).toEqual(values);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('after a reload the figures come from the cache before the revalidation answers, which asks no product', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    await choose(page, 'dashboard-period', 'Toutes les données');
    const first = await settled(page);

    // Hold the reloaded page's revalidation (the company's versions, and any events call) until the
    // figures are on screen.
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const order: string[] = [];
    await context.route(
      /\/api\/ProductStatistics\/(Product\/\d+(\?[^/]*)?|Entreprise\/\d+\/versions)$/i,
      async (route) => {
        await gate;
        const response = await route.fetch();
        order.push(`${route.request().url().endsWith('/versions') ? 'versions' : 'events'} ${response.status()}`);
        await route.fulfill({ response });
      },
    );
    await page.reload();
    const cached = await figures(page);
    order.push('figures');
    expect(cached).toEqual(first);
    release();
    const fresh = await settled(page);
    expect(fresh).toEqual(first);
    expect(order[0]).toBe('figures');
    // The versions said nothing changed (304 to the ETag the stored view was computed under, or 200 with
    // the same versions): no product was asked (docs/dashboard.md). A product call would start as soon as
    // the versions answered: a second is left for one to show. The page's silent check of a stored view
    // (STORED_REFRESH_MS) may ask the versions once more, never a product.
    await expect.poll(() => order.some((o) => o.startsWith('versions')), { timeout: 30_000 }).toBe(true);
    await page.waitForTimeout(1500);
    expect(order.slice(1).length).toBeGreaterThan(0);
    for (const call of order.slice(1)) expect(call).toMatch(/^versions (200|304)$/);
    await context.close();
  });

  it('logout deletes the IndexedDB cache', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    await choose(page, 'dashboard-period', 'Toutes les données');
    await settled(page);
    const names = () => page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name));
    expect(await names()).toContain('visio3d-analytics');
    // Logout reloads the page (spec): wait for that load before looking.
    await Promise.all([page.waitForEvent('load'), page.getByText('Se déconnecter').click()]);
    await page.waitForURL('**/login');
    await page.locator('#email').waitFor();
    expect(await names()).not.toContain('visio3d-analytics');
    await context.close();
  });

  it("a company without events shows the spec's empty messages and zero figures", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await choose(page, 'dashboard-company', 'Galerie Horizon');
    await page.getByText(/Analyse globale de 3 produits/).waitFor();
    expect(await settled(page)).toEqual([0, 0, 0, 0]);
    await page.getByText('Aucune donnée datée disponible pour cette période').waitFor();
    await page.getByText('Aucune donnée géographique disponible').waitFor();
    await page.getByText('Aucune donnée de parcours utilisateur disponible').waitFor();
    // A zero per block of the month already begun, "—" for those to come (month: 4 blocks, block i from
    // day 7i + 1), by today's date in the company's zone (the default one).
    const today = companyToday().day;
    const summary = MONTH_BLOCKS.map((label, i) => `${label} ${7 * i < today ? 0 : '—'}`).join(', ');
    expect(await page.locator(`[aria-label="Évolution : ${summary}"]`).count()).toBe(1);
    expect(await page.getByText('Données de démonstration').count()).toBe(0);
    await context.close();
  });
});
