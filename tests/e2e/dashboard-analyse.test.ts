// Analysing, not only looking: a custom range in the URL, the comparison with the previous period, the
// ranking (a row click selects the product) and the CSV export, each checked against a plain recomputation
// from the raw events the API serves (consultations counted per local day in Europe/Paris).
import fs from 'node:fs';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { figureTexts, statValue } from '../helpers/dashboard';
import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

type Ev = { timestamp: string | null; consultation: boolean | number | string };

/** Every product of the signed-in user's company with its raw events (the spec's list answer). */
async function rawEvents(page: Page): Promise<Array<{ id: number; name: string; events: Ev[] }>> {
  return page.evaluate(async () => {
    const headers = { Authorization: `Bearer ${localStorage.getItem('token')}` };
    const get = async (url: string) => (await fetch(url, { headers })).json();
    const me = await get('/api/User/current');
    const list = (v: unknown) =>
      Array.isArray(v) ? v : ((v as { $values?: unknown[] }).$values ?? (v as { values?: unknown[] }).values ?? []);
    const products = list(await get(`/api/Produit/Entreprise/${me.entrepriseId}`)) as Array<Record<string, unknown>>;
    return Promise.all(
      products.map(async (p) => {
        const id = Number(p.produitId ?? p.modelId ?? p.id);
        return {
          id,
          name: String(p.nomModel ?? p.nomProduit ?? p.name),
          events: list(await get(`/api/ProductStatistics/Product/${id}`)) as Ev[],
        };
      }),
    );
  });
}

const paris = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'Europe/Paris',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const yes = (v: unknown) => v === true || v === 1 || v === 'true' || v === '1';
/** Consultations whose Paris day is in [from, to] (ISO dates, inclusive). */
const consultations = (events: Ev[], from: string, to: string) =>
  events.filter(
    (e) =>
      e.timestamp &&
      yes(e.consultation) &&
      paris.format(Date.parse(e.timestamp)) >= from &&
      paris.format(Date.parse(e.timestamp)) <= to,
  ).length;

async function settled(page: Page): Promise<number[]> {
  await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
  return (await figureTexts(page)).map((t) => Number(t.replace(/[^\d]/g, '')));
}

describe('analysing a period', () => {
  it('a custom range with comparison from the URL, the ranking, a row click and the CSV, all equal to the recomputation', async () => {
    const { page, context, errors } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'directeur@demo.fr');
    const products = await rawEvents(page);
    const [from, to, prevFrom, prevTo] = ['2025-03-01', '2025-03-31', '2025-01-29', '2025-02-28'];
    const expected = products.reduce((s, p) => s + consultations(p.events, from, to), 0);
    const before = products.reduce((s, p) => s + consultations(p.events, prevFrom, prevTo), 0);
    expect(expected).toBeGreaterThan(0);

    await page.goto(`/dashboard?periode=custom&du=${from}&au=${to}&comparer=1`);
    const figures = await settled(page);
    expect(figures[0]).toBe(expected);
    // The Calendar replaces its placeholder field when its code arrives, and fills its input in an effect.
    await page.locator('input#dashboard-du').waitFor();
    await expect.poll(() => page.locator('input#dashboard-du').inputValue()).toBe('01/03/2025');
    await expect.poll(() => page.locator('input#dashboard-au').inputValue()).toBe('31/03/2025');
    expect(await page.locator('input#dashboard-compare').isChecked()).toBe(true);
    await page.getByText('Heure de Paris').waitFor();
    // 31 days: one bucket per day.
    expect(await page.locator('[aria-label^="Évolution : 01/03 "]').count()).toBe(1);

    // The comparison: previous value and the change, coloured by its sign ("—" when there was nothing).
    const hint = statValue(page, 'Nombre de consultation du modèle').locator('xpath=..').locator('.stat-delta');
    await hint.waitFor();
    expect((await hint.locator('.muted').textContent())!.replace(/[^\d]/g, '')).toBe(String(before));
    // Halves away from zero, as the page rounds (domain/analytics/rules.ts roundRatio).
    const ratio = ((expected - before) / before) * 100;
    const change = before > 0 ? Math.sign(ratio) * Math.round(Math.abs(ratio)) || 0 : null;
    const label = change === null ? '—' : change === 0 ? '0 %' : `${change > 0 ? '+' : '−'}${Math.abs(change)} %`;
    expect((await hint.locator('.stat-change').textContent())!.replace(/[\u202f\u00a0]/g, ' ')).toBe(label);
    if (change) expect(await hint.locator('.stat-change').getAttribute('class')).toContain(change > 0 ? 'up' : 'down');

    // The ranking: the first 10 by consultations, "Voir tout" for the rest; each row as recomputed.
    const ranking = page.locator('section.ranking');
    await ranking.getByRole('heading', { name: 'Classement des produits' }).waitFor();
    // Its table's code loads once the reader gets near it (src/features/dashboard/RankingSlot.tsx).
    await ranking.scrollIntoViewIfNeeded();
    const rows = ranking.locator('tbody tr.ranking-row');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(Math.min(10, products.length));
    const byName = new Map(products.map((p) => [p.name, consultations(p.events, from, to)]));
    const top = [...byName.values()].sort((a, b) => b - a)[0];
    const firstCells = rows.first().locator('td');
    const firstName = (await firstCells.nth(0).textContent())!.trim();
    expect(byName.get(firstName)).toBe(top);
    expect(Number((await firstCells.nth(1).textContent())!.replace(/[^\d]/g, ''))).toBe(top);
    if (products.length > 10) {
      await ranking.getByRole('button', { name: /Voir tout/ }).click();
      await ranking.getByRole('button', { name: /Voir les 10 premiers/ }).waitFor();
      await ranking.getByRole('button', { name: /Voir les 10 premiers/ }).click();
    }
    // Filter by name.
    await ranking.getByRole('textbox', { name: 'Filtrer les produits par nom' }).fill(firstName);
    expect(await rows.count()).toBeGreaterThanOrEqual(1);
    await ranking.getByRole('textbox', { name: 'Filtrer les produits par nom' }).fill('');

    // The CSV: downloaded, parsed back, equal to the recomputation.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      ranking.getByRole('button', { name: 'Exporter CSV' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`classement_maison-lumiere_tous-les-produits_${from}_${to}.csv`);
    const bytes = fs.readFileSync(await download.path());
    expect([...bytes.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const lines = bytes.toString('utf8').slice(1).split('\r\n');
    // Every text cell is quoted (workers/analytics/csv.ts), numbers are not.
    const cellsOf = (line: string) => line.split(';').map((c) => c.replace(/^"|"$/g, ''));
    expect(lines[0]).toBe('"Classement des produits"');
    expect(cellsOf(lines[1]).slice(0, 6)).toEqual([
      'Produit',
      'Consultations',
      'Interactions 3D',
      'Essais AR',
      'Conversions',
      'Taux de conversion (%)',
    ]);
    const parsed = new Map<string, number>();
    for (const line of lines.slice(2, 2 + products.length)) {
      const cells = cellsOf(line);
      parsed.set(cells[0], Number(cells[1]));
      // Excel's French decimals: a comma, never a dot.
      expect(cells[5]).toMatch(/^\d+(,\d)?$/);
    }
    expect(parsed).toEqual(byName);
    const evolution = lines.indexOf('"Période";"Valeur";"Période précédente"');
    expect(evolution).toBeGreaterThan(0);
    const perDay = lines.slice(evolution + 1, evolution + 32).map((l) => Number(cellsOf(l)[1]));
    expect(perDay.reduce((a, b) => a + b, 0)).toBe(expected);

    // A row click selects that product as the scope.
    await rows.first().click();
    const id = products.find((p) => p.name === firstName)!.id;
    await page.waitForURL(new RegExp(`produit=${id}`));
    await page.locator('.p-dropdown:has(#dashboard-scope) .p-dropdown-label', { hasText: firstName }).waitFor();
    expect((await settled(page))[0]).toBe(top);
    expect(await page.locator('section.ranking').count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('each chart card exports a PNG', async () => {
    const { page, context } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'directeur@demo.fr');
    await page.goto('/dashboard?periode=all_time');
    await settled(page);
    for (const [card, suffix] of [
      ['Évolution', 'evolution'],
      ['Origine géographique', 'geographie'],
    ] as const) {
      const section = page.locator(`section[aria-label="${card}"]`);
      await section.locator('canvas, svg[role="img"]').first().waitFor();
      const [download] = await Promise.all([
        page.waitForEvent('download'),
        section.getByRole('button', { name: 'Exporter PNG' }).click(),
      ]);
      expect(download.suggestedFilename()).toBe(`${suffix}_maison-lumiere_tous-les-produits_tout.png`);
      const png = fs.readFileSync(await download.path());
      expect([...png.subarray(0, 4)]).toEqual([0x89, 0x50, 0x4e, 0x47]);
      // The chart with its caption above (title, company, scope, period, counting) and its values below
      // (src/ui/exportImage.ts): taller than the drawing alone by at least the three caption lines.
      const drawn = await section
        .locator('canvas, svg[role="img"]')
        .first()
        .evaluate((el) =>
          el instanceof HTMLCanvasElement ? el.height : el.getBoundingClientRect().height * devicePixelRatio,
        );
      expect(png.readUInt32BE(20)).toBeGreaterThan(Math.round(drawn) + 3 * 22);
      expect(png.length).toBeGreaterThan(2000);
    }
    await context.close();
  });
});
