// "3D et réalité augmentée" on the dashboard (docs/dashboard.md "3D and AR insight"), signed in as a
// Directeur of a company with demo visits: AR success per platform, the attention map with its three
// renders of the model (<model-viewer> at the most-looked angles), the median active time, the lift with
// its interval; a filter changes the figures and stays in the URL across a reload; axe finds nothing
// serious in the section. Needs the demo visits and GET .../Entreprise/{id}/visits (docs/api.md).
import type { Browser, Page } from 'playwright-core';
import puppeteer from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { violations } from '../helpers/axe';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';
import { choose, figureTexts, statValue } from '../helpers/dashboard';
import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { tokenOf } from '../helpers/routeTable';

let browser: Browser;

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** A product of the Directeur's company whose viewer has a model (the attention map draws it). */
async function productWithModel(): Promise<number> {
  const token = await tokenOf(baseUrl(), 'directeur@demo.fr');
  const get = async (path: string, auth = true) =>
    (await fetch(`${baseUrl()}${path}`, { headers: auth ? { authorization: `Bearer ${token}` } : {} })).json();
  const { entrepriseId } = await get('/api/User/current');
  const products = (await get(`/api/Produit/Entreprise/${entrepriseId}`)).$values as Array<{ produitId: number }>;
  for (const p of products) {
    const { publicKey } = await get(`/api/GroupeModel/${p.produitId}`);
    if ((await get(`/api/viewer/${publicKey}`, false)).modelUrl) return p.produitId;
  }
  throw new Error('aucun produit avec un modèle');
}

/** The section, scrolled to, once its figures are drawn; its count of visits. */
async function section(page: Page): Promise<number> {
  const heading = page.getByRole('heading', { name: '3D et réalité augmentée' });
  await heading.scrollIntoViewIfNeeded();
  const drawn = page.locator('[data-testid="insight"][data-visits]');
  await drawn.waitFor({ timeout: 60_000 });
  return Number(await drawn.getAttribute('data-visits'));
}

describe('3D and AR insight', () => {
  it('shows AR success, the attention map rendered three times, engagement and lift; a filter is kept on reload', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    // One product whose model exists: its attention map is drawn (a demo product without a model says so).
    await page.goto(`/dashboard?periode=all_time&produit=${await productWithModel()}`);
    const visits = await section(page);
    expect(visits).toBeGreaterThan(0);

    // AR success by platform: the three platforms with their launches.
    const ar = page.getByTestId('insight-ar');
    await expect.poll(() => ar.locator('tbody').first().locator('tr').count()).toBe(3);
    for (const name of ['WebXR (Android, Chrome)', 'Scene Viewer (Android)', 'Quick Look (iOS)'])
      await ar.getByRole('rowheader', { name, exact: false }).first().waitFor();
    const launches = await ar.locator('tbody').first().locator('tr td:nth-child(2)').allTextContents();
    expect(launches.map(Number).reduce((s, n) => s + n, 0)).toBeGreaterThan(0);

    // The attention map: three renders of the model, each at its own orbit, not movable.
    const models = page.locator('model-viewer[data-testid="insight-model"]');
    await expect.poll(() => models.count(), { timeout: 30_000 }).toBe(3);
    const orbits = await models.evaluateAll((els) => els.map((e) => e.getAttribute('camera-orbit')));
    expect(new Set(orbits).size).toBe(3);
    expect(await models.evaluateAll((els) => els.some((e) => e.hasAttribute('camera-controls')))).toBe(false);
    const consoleErrors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));
    await models.first().scrollIntoViewIfNeeded();
    await page
      .waitForFunction(
        () =>
          [...document.querySelectorAll('model-viewer')].filter((m) => (m as unknown as { loaded: boolean }).loaded)
            .length === 3,
        undefined,
        { timeout: 60_000 },
      )
      .catch((err: Error) => {
        throw new Error(`${err.message}\n${consoleErrors.join('\n')}`);
      });
    await page.locator('.insight-polar svg[role="img"]').waitFor();

    // Engagement and lift.
    expect(await page.getByTestId('insight-median-active').textContent()).toMatch(/^\d+(,\d)? s$/);
    expect(await page.getByTestId('insight-lift').textContent()).toMatch(/IC 95 %/);

    // A filter changes the figures and is kept in the URL, then across a reload.
    const before = await page.getByTestId('insight').getAttribute('data-visits');
    await choose(page, 'insight-appareil', 'Téléphone');
    await expect.poll(() => new URL(page.url()).searchParams.get('appareil')).toBe('telephone');
    // The figures of the filter (data-visits is absent while they are computed).
    await expect
      .poll(async () => {
        const v = await page.getByTestId('insight').getAttribute('data-visits');
        return v !== null && v !== before;
      })
      .toBe(true);
    const filtered = await page.getByTestId('insight').getAttribute('data-visits');
    await page.reload();
    const after = await section(page);
    expect(String(after)).toBe(filtered);
    expect(new URL(page.url()).searchParams.get('appareil')).toBe('telephone');
    expect(
      await page
        .locator('#insight-appareil')
        .inputValue()
        .catch(() => null),
    ).not.toBeUndefined();
    await expect
      .poll(() => page.locator('.p-dropdown:has(#insight-appareil) .p-dropdown-label').textContent())
      .toBe('Téléphone');
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('a device filter narrows the cards to what the API counts, survives a reload, and can be removed', async () => {
    const token = await tokenOf(baseUrl(), 'directeur@demo.fr');
    const get = async (path: string) =>
      (await fetch(`${baseUrl()}${path}`, { headers: { authorization: `Bearer ${token}` } })).json();
    const { entrepriseId } = await get('/api/User/current');
    const product = await productWithModel();
    // The API-side count (docs/dashboard.md "Filters on every figure"): the product's consultation events
    // whose session's visit row is a phone's (device 2), whenever they happened (period "Toutes les données").
    const events = (await get(`/api/ProductStatistics/Product/${product}?format=columns`)) as {
      session: number[];
      flags: number[];
    };
    const body = await get(`/api/ProductStatistics/Entreprise/${entrepriseId}/visits`);
    const visits = (body.visits ?? body) as { product: number[]; session: number[]; device: number[] };
    const phones = new Set(
      visits.session.filter((s, i) => s >= 0 && visits.product[i] === product && visits.device[i] === 2),
    );
    const expected = events.session.filter((s, i) => phones.has(s) && events.flags[i] & 1).length;
    const number = (text: string | null) => Number((text ?? '').replace(/\D/g, ''));
    const consultations = () => statValue(page, 'Nombre de consultation du modèle').textContent().then(number);

    const { page, errors } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    await page.goto(`/dashboard?periode=all_time&produit=${product}`);
    await figureTexts(page);
    const unfiltered = await consultations();
    expect(await page.locator('.dashboard-filters').count()).toBe(0);
    expect(expected).toBeLessThan(unfiltered);
    expect(expected).toBeGreaterThan(0);

    await section(page);
    await choose(page, 'insight-appareil', 'Téléphone');
    await expect.poll(consultations, { timeout: 60_000 }).toBe(expected);
    await expect.poll(() => page.locator('.dashboard-filters').textContent()).toContain('Filtres : Téléphone');

    await page.reload();
    await figureTexts(page);
    await expect.poll(consultations, { timeout: 60_000 }).toBe(expected);
    expect(new URL(page.url()).searchParams.get('appareil')).toBe('telephone');

    await page.getByRole('button', { name: 'Retirer les filtres' }).click();
    await expect.poll(consultations, { timeout: 60_000 }).toBe(unfiltered);
    expect(new URL(page.url()).searchParams.get('appareil')).toBeNull();
    expect(await page.locator('.dashboard-filters').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.context().close();
  }, 180_000);

  it('a value the rules refuse falls back to all; axe finds nothing serious in the section', async () => {
    const token = await tokenOf(baseUrl(), 'directeur@demo.fr');
    const lh = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
    try {
      const page = await (await lh.createBrowserContext()).newPage();
      await page.setViewport({ width: 1400, height: 900 });
      await page.goto(`${baseUrl()}/logo.svg`);
      await page.evaluate((t) => localStorage.setItem('token', t), token);
      const product = await productWithModel();
      await page.goto(`${baseUrl()}/dashboard?periode=all_time&produit=${product}&appareil=frigo&plateforme=hololens`, {
        waitUntil: 'load',
      });
      await page.waitForSelector('h3 ::-p-text(3D et réalité augmentée)');
      await page.$eval('[aria-labelledby="insight-title"]', (el) => el.scrollIntoView());
      await page.waitForSelector('[data-testid="insight"][data-visits]', { timeout: 60_000 });
      expect(await page.$eval('.p-dropdown:has(#insight-appareil) .p-dropdown-label', (el) => el.textContent)).toBe(
        'Tous les appareils',
      );
      await page.waitForSelector('model-viewer[data-testid="insight-model"]', { timeout: 30_000 });
      expect(await violations(page)).toEqual([]);
    } finally {
      await lh.close();
    }
  }, 180_000);
});
