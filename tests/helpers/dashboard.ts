// The dashboard's four stat figures, as the end-to-end tests read them.
import type { Page } from 'playwright-core';

import { civilOf } from '#domain/analytics/buckets';
import { DEFAULT_TIME_ZONE, todayIn } from '#domain/analytics/zone';

import { DEMO_PASSWORD } from './e2e';

export const STAT_LABELS = ['Nombre de consultation du modèle', 'Interactions 3D', 'Essais AR', 'Taux de conversion'];

/** Picks an option of one of the dashboard's PrimeReact dropdowns by its visible text. */
export async function choose(page: Page, inputId: string, text: string): Promise<void> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel li[role="option"]', { hasText: text }).first().click();
}

/**
 * Today as the dashboard counts it, in the demo companies' zone (the default one), not the machine's (UTC
 * here): they differ in the last hour or two of a month or a year.
 */
export const companyToday = () => civilOf(todayIn(DEFAULT_TIME_ZONE, Date.now()));

export const statValue = (page: Page, label: string) =>
  page.locator(`[role="group"][aria-label="${label}"] .stat-value`);

/** Waits until the four figures are shown (no spinner) and returns their texts. */
export async function figureTexts(page: Page): Promise<string[]> {
  await page.waitForFunction(
    (labels) =>
      labels.every((l) => {
        const el = document.querySelector(`[role="group"][aria-label="${l}"] .stat-value`);
        return el && el.getAttribute('aria-busy') !== 'true' && /\d/.test(el.textContent ?? '');
      }),
    STAT_LABELS,
    { timeout: 60_000 },
  );
  return Promise.all(STAT_LABELS.map(async (l) => (await statValue(page, l).textContent()) ?? ''));
}

/**
 * A product of `mail`'s company with consultations, read through the API: other test files add products
 * without events to the demo companies (first in the name order), so "the first product" may have none.
 */
export async function productWithConsultations(page: Page, mail: string): Promise<{ id: string; name: string }> {
  const list = (v: unknown): Array<Record<string, unknown>> =>
    Array.isArray(v) ? v : ((v as { $values?: Array<Record<string, unknown>> }).$values ?? []);
  const login = await page.request.post('/api/Auth/backoffice/login', { data: { mail, password: DEMO_PASSWORD } });
  const headers = { Authorization: `Bearer ${((await login.json()) as { token: string }).token}` };
  const get = async (url: string): Promise<unknown> => (await page.request.get(url, { headers })).json();
  const me = (await get('/api/User/current')) as { entrepriseId: number };
  for (const p of list(await get(`/api/Produit/Entreprise/${me.entrepriseId}`))) {
    const id = String(p.produitId);
    const events = list(await get(`/api/ProductStatistics/Product/${id}`));
    if (events.some((e) => [true, 1, 'true', '1'].includes(e.consultation as never)))
      return { id, name: String(p.nomProduit) };
  }
  throw new Error(`aucun produit avec des consultations pour ${mail}`);
}
