// The public viewer in Chromium (docs/viewer.md): a demo product's page shows its GLB (WebGL through
// SwiftShader), a drag, "Demander un devis" and an AR session (an ar-status event dispatched on the
// element stands in for a device) are sent with sendBeacon when the page is left, the product's events
// grow by exactly those four, in one session, and the dashboard's figures for that product and today grow
// by exactly them.
import fs from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { launchWebGlBrowser } from '../helpers/browser';
import { figureTexts } from '../helpers/dashboard';
import { baseUrl, newPage, signIn } from '../helpers/e2e';
import { modelShown, viewerProduct, VISITOR_AGENT, visitorPage } from '../helpers/viewerPage';

let browser: Browser;
let token: string;
let product: { idGroupeModel: number; publicKey: string };
let timeZone: string;

type Event = {
  userSessionId: string;
  timestamp: string;
  country: string | null;
  consultation: boolean;
  iframeInteraction: boolean;
  ar_Try: boolean;
  conversion: boolean;
};

async function api<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(`${baseUrl()}${url}`, {
    ...init,
    headers: {
      'content-type': 'application/json',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...init.headers,
    },
  });
  if (!res.ok) throw new Error(`${url}: ${res.status}`);
  return (await res.json()) as T;
}
const events = async () =>
  (await api<{ $values: Event[] }>(`/api/ProductStatistics/Product/${product.idGroupeModel}`)).$values;

/** "YYYY-MM-DD" of an instant in the company's reporting time zone (the dashboard's days). */
const dayIn = (zone: string, at: Date | string) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: zone }).format(new Date(at));

/** The dashboard's figures: the three counts of the cards, the conversion rate (%) and today's conversions. */
async function dashboardFigures(page: Page) {
  await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
  const [consultations, interactions, arTries, rate] = (await figureTexts(page)).map((t) =>
    Number(t.replace(/[^\d]/g, '')),
  );
  const evolution = await page.locator('[aria-label^="Évolution : "]').first().getAttribute('aria-label');
  // One bucket (today), "Évolution : DD/MM N" for the chosen metric (conversion).
  const conversions = Number(/^Évolution : \d\d\/\d\d (\d+)/.exec(evolution ?? '')?.[1] ?? NaN);
  return { consultations, interactions, arTries, rate, conversions };
}

beforeAll(async () => {
  // WebGL needs a GPU or SwiftShader: the shared flags disable the GPU, so this file launches its own.
  // A visitor's browser: the browser-wide agent and languages matter, not only the context's override: the
  // beacon sent while the page is being left goes out once the page is gone, with the browser's own.
  browser = await launchWebGlBrowser([`--user-agent=${VISITOR_AGENT}`, '--accept-lang=fr-FR,fr']);
  ({ token, product } = await viewerProduct());
  const { entrepriseId } = await api<{ entrepriseId: number }>('/api/User/current');
  timeZone = (await api<{ timeZone: string }>(`/api/Entreprise/${entrepriseId}`)).timeZone;
});
afterAll(() => browser?.close());

describe('the public viewer', () => {
  it("shows the model; a drag, a quote request and an AR session become exactly four events of one session, and the dashboard's figures of that product today grow by them", async () => {
    const today = dayIn(timeZone, new Date());
    const todays = (list: Event[]) => list.filter((e) => dayIn(timeZone, e.timestamp) === today);
    const before = await events();

    // The Directeur's dashboard: that product, today, conversions in the evolution chart.
    const board = await newPage(browser);
    await signIn(board.page, 'directeur@demo.fr');
    const dashboardUrl = `/dashboard?produit=${product.idGroupeModel}&metrique=conversion&comptage=total&periode=custom&du=${today}&au=${today}`;
    await board.page.goto(dashboardUrl);
    const figuresBefore = await dashboardFigures(board.page);
    // The figures read are those of today's events of this product (the rate: conversions / events).
    const todayBefore = todays(before);
    expect(figuresBefore.consultations).toBe(todayBefore.filter((e) => e.consultation).length);
    expect(figuresBefore.conversions).toBe(todayBefore.filter((e) => e.conversion).length);
    expect(figuresBefore.rate).toBe(
      todayBefore.length ? Math.round((figuresBefore.conversions / todayBefore.length) * 100) : 0,
    );

    const { context, page, errors } = await visitorPage(browser);
    // The quote page is the company's site: answered here, so the test needs no network.
    await context.route('https://www.maison-lumiere.fr/**', (route) =>
      route.fulfill({ status: 200, contentType: 'text/html', body: '<p>Devis</p>' }),
    );

    const response = await page.goto(`/viewer/${product.publicKey}`);
    expect(response?.status()).toBe(200);
    expect(response?.headers()['content-security-policy']).toContain(
      "frame-ancestors 'self' https://www.maison-lumiere.fr",
    );
    await expect.poll(() => page.locator('h1').textContent()).toBe('Applique Laiton');
    await expect.poll(() => page.locator('.prix').textContent()).toMatch(/149,90\s€/);
    await modelShown(page);

    // The drag where the model is once the page is laid out: the box read before the fonts, the price
    // and the button settled could put the press beside the model on a loaded machine (no interaction
    // recorded: three events instead of four). hover() scrolls it into view and waits until it is stable.
    const model = page.locator('model-viewer');
    await model.scrollIntoViewIfNeeded();
    await model.hover();
    const box = (await model.boundingBox())!;
    await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await page.mouse.down();
    for (let i = 1; i <= 10; i++) await page.mouse.move(box.x + box.width / 2 + i * 12, box.y + box.height / 2 + i * 3);
    await page.mouse.up();

    const popup = context.waitForEvent('page');
    await page.getByRole('link', { name: 'Demander un devis' }).click();
    await (await popup).close();

    await page
      .locator('model-viewer')
      .evaluate((el) => el.dispatchEvent(new CustomEvent('ar-status', { detail: { status: 'session-started' } })));

    // The batches go 2 s after their first event and on pagehide (src/viewer/collector.ts): all four are
    // written once the page is left, in one batch or several.
    expect(errors).toEqual([]);
    await page.goto('about:blank');

    // The visit's own events, by its session: waited for (a bound on the wait, not on the server's speed)
    // until the four are written, then the product's total checked.
    const ofThisVisit = async () =>
      (await events()).filter((e) => !before.some((b) => b.userSessionId === e.userSessionId));
    await expect.poll(async () => (await ofThisVisit()).length, { timeout: 60_000 }).toBe(4);
    expect((await events()).length).toBe(before.length + 4);
    const added = await ofThisVisit();
    expect(added.length).toBe(4);
    expect(new Set(added.map((e) => e.userSessionId)).size).toBe(1);
    const count = (flag: keyof Event) => added.filter((e) => e[flag] === true).length;
    expect([count('consultation'), count('iframeInteraction'), count('ar_Try'), count('conversion')]).toEqual([
      1, 1, 1, 1,
    ]);
    // The country is the region of the browser's language (fr-FR), the default without an IP database.
    expect(added.map((e) => e.country)).toEqual(['FR', 'FR', 'FR', 'FR']);
    expect(todays(added).length).toBe(4);
    await context.close();

    // The dashboard, reopened, counts exactly those four events for that product today.
    const eventsToday = todays(await events()).length;
    const expected = {
      consultations: figuresBefore.consultations + 1,
      interactions: figuresBefore.interactions + 1,
      arTries: figuresBefore.arTries + 1,
      rate: Math.round(((figuresBefore.conversions + 1) / eventsToday) * 100),
      conversions: figuresBefore.conversions + 1,
    };
    expect(eventsToday).toBe(todayBefore.length + 4);
    await board.page.goto(dashboardUrl);
    await expect.poll(() => dashboardFigures(board.page), { timeout: 30_000 }).toEqual(expected);
    expect(board.errors).toEqual([]);
    await board.context.close();
  }, 240_000);

  it('answers 404 for an unknown key, and its own script stays within 100 KB gzip besides model-viewer', async () => {
    const { context, page } = await newPage(browser);
    expect((await page.goto(`/viewer/${'0'.repeat(32)}`))?.status()).toBe(404);
    await context.close();

    const dist = path.resolve('dist');
    const html = fs.readFileSync(path.join(dist, 'viewer.html'), 'utf8');
    const ours = [...html.matchAll(/(?:src|href)="\/(assets\/[^"]+\.js)"/g)].map((m) => m[1]);
    expect(ours.length).toBeGreaterThan(0);
    expect(ours.some((f) => f.includes('model-viewer'))).toBe(false);
    const gzip = ours.reduce((n, f) => n + gzipSync(fs.readFileSync(path.join(dist, f))).length, 0);
    expect(gzip).toBeLessThan(100 * 1024);
  });
});
