// Figures that never mislead: a product whose events call fails is said so (and "Réessayer" loads it),
// every call failing says so, future buckets have no value and the current one is "en cours", and the
// charts' tooltips follow the cursor with fr-FR values.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { choose, companyToday, figureTexts, productWithConsultations } from '../helpers/dashboard';
import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const EVENTS = /\/api\/ProductStatistics\/Product\/(\d+)(\?[^/]*)?$/i;

async function settled(page: Page): Promise<number[]> {
  await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
  return (await figureTexts(page)).map((t) => Number(t.replace(/[^\d]/g, '')));
}

describe('figures that never mislead', () => {
  it('one failing product: the warning, its list on demand, and "Réessayer" loads only that product', async () => {
    const { page, context, errors } = await newPage(browser);
    // One product with consultations fails until the route is removed; the others answer.
    const failing = (await productWithConsultations(page, 'directeur@demo.fr')).id;
    await context.route(EVENTS, async (route) => {
      const id = EVENTS.exec(new URL(route.request().url()).pathname)![1];
      if (id === failing)
        await route.fulfill({
          status: 500,
          contentType: 'application/json',
          body: '{"status":500,"title":"Erreur","detail":"panne"}',
        });
      else await route.continue();
    });
    await signIn(page, 'directeur@demo.fr');
    await choose(page, 'dashboard-period', 'Toutes les données');
    const partial = await settled(page);
    const warning = page.getByRole('alert').filter({ hasText: 'Données incomplètes' });
    await warning.waitFor();
    expect(await warning.textContent()).toContain("Données incomplètes : 1 produit(s) n'ont pas pu être chargés");
    await warning.getByRole('button', { name: 'Voir la liste' }).click();
    expect(await page.locator('.dashboard-incomplete-list li').count()).toBe(1);

    // Fixed on the server side: "Réessayer" asks that product again, and only it.
    await context.unroute(EVENTS);
    const retried: string[] = [];
    await context.route(EVENTS, async (route) => {
      retried.push(EVENTS.exec(new URL(route.request().url()).pathname)![1]);
      await route.continue();
    });
    await warning.getByRole('button', { name: 'Réessayer' }).click();
    await warning.waitFor({ state: 'detached' });
    const full = await settled(page);
    // That product is asked again (the others only if their 30 s revalidation delay ran out meanwhile on
    // a slow machine; "only those" is pinned by tests/unit/analytics-retry.test.ts).
    expect(retried[0]).toBe(failing);
    expect(full[0]).toBeGreaterThan(partial[0]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('every call failing: "Impossible de charger les statistiques", never "Aucune donnée"', async () => {
    const { page, context } = await newPage(browser);
    await context.route(EVENTS, (route) => route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }));
    await signIn(page, 'directeur@demo.fr');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Impossible de charger les statistiques' })
      .waitFor({ timeout: 60_000 });
    expect(await page.getByText('Aucune donnée datée disponible pour cette période').count()).toBe(0);
    expect(await page.getByText('Aucune donnée géographique disponible').count()).toBe(0);
    await context.close();
  });

  it('this year: no value after today, the current month "en cours"; tooltips next to the cursor in fr-FR', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    await choose(page, 'dashboard-period', 'Année');
    await settled(page);
    // The default year is the current one, in the company's zone (the default one): in the last hours of a
    // month by the machine's clock (UTC here), Paris is already in the next.
    const month = companyToday().month - 1;
    const months = ['Jan', 'Fév', 'Mar', 'Avr', 'Mai', 'Juin', 'Juil', 'Août', 'Sep', 'Oct', 'Nov', 'Déc'];
    const label = (await page.locator('section[aria-label="Évolution"] [role="img"]').getAttribute('aria-label'))!;
    for (const m of months.slice(month + 1)) expect(label).toContain(`${m} —`);
    expect(label).not.toContain(`${months[month]} —`);
    await page.getByText('En cours', { exact: true }).waitFor();

    // Hover the current month's point: its label with "(en cours)" and a value written the French way.
    const over = page.locator('section[aria-label="Évolution"] .u-over');
    // The mouse moves only within the viewport: the chart is brought into it first ("En direct" sits above).
    await over.scrollIntoViewIfNeeded();
    const box = (await over.boundingBox())!;
    const x = box.x + ((month + 0.3) / 11.6) * box.width;
    await page.mouse.move(x, box.y + box.height / 2);
    const tip = page.locator('section[aria-label="Évolution"] .chart-tooltip');
    await tip.waitFor({ state: 'visible' });
    expect(await tip.textContent()).toMatch(new RegExp(`^${months[month]} \\(en cours\\)Valeur : [\\d\\u202f ]+$`));
    const tipBox = (await tip.boundingBox())!;
    expect(Math.abs(tipBox.x - x)).toBeLessThan(tipBox.width + 40);

    // The doughnut: name, count and share.
    await choose(page, 'dashboard-period', 'Toutes les données');
    await settled(page);
    // The first slice starts at the top of the ring and turns clockwise: just right of the top is in it.
    await page.locator('section[aria-label^="Origine géographique"] svg[role="img"]').scrollIntoViewIfNeeded();
    const ring = (await page.locator('section[aria-label^="Origine géographique"] svg[role="img"]').boundingBox())!;
    const [px, py] = [ring.x + ring.width / 2 + 4, ring.y + ring.height * 0.12];
    await page.mouse.move(px, py);
    // The pointer event itself, on the first slice (the chart may still be settling under the pointer).
    await page
      .locator('section[aria-label^="Origine géographique"] svg path')
      .first()
      .dispatchEvent('mousemove', { clientX: px, clientY: py, bubbles: true });
    const geoTip = page.locator('section[aria-label^="Origine géographique"] .chart-tooltip');
    await geoTip.waitFor();
    const first = (await page.locator('.doughnut-legend li').first().textContent())!
      .replace(/[\d\u202f ]+$/, '')
      .trim();
    expect(await geoTip.textContent()).toMatch(new RegExp(`^${first}[\\d\\u202f ]+ \\(\\d+ %\\)$`));
    await context.close();
  });
});
