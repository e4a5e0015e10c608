// "En direct" and the AR funnel in Chromium (docs/dashboard.md): two visits sent through POST /api/collect
// with a product's public key appear on an open dashboard at its next minute's refresh, without a reload:
// the live card's sessions and steps, the stat cards and the funnel's steps grow by exactly those visits.
// The page's clock is Playwright's (page.clock): the minute passes at once; the worker keeps real time.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { figureTexts } from '../helpers/dashboard';
import { baseUrl, DEMO_PASSWORD, newPage, openBrowser, signIn } from '../helpers/e2e';
import { fetchSend, sendVisit } from '../helpers/viewerVisit';

let browser: Browser;
let token: string;
let product: { produitId: number; publicKey: string; nomProduit?: string };

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

async function visit(sessionId: string, types: string[]) {
  expect(await sendVisit(fetchSend(baseUrl()), product.publicKey, sessionId, types)).toBe(202);
}

beforeAll(async () => {
  browser = await openBrowser();
  token = (
    await api<{ token: string }>('/api/Auth/backoffice/login', {
      method: 'POST',
      body: JSON.stringify({ mail: 'directeur@demo.fr', password: DEMO_PASSWORD }),
    })
  ).token;
  const me = await api<{ entrepriseId: number }>('/api/User/current');
  const products = (
    await api<{ $values: Array<{ produitId: number; publicKey: string }> }>(
      `/api/Produit/Entreprise/${me.entrepriseId}`,
    )
  ).$values;
  // Not the viewer test's product (tests/e2e/viewer.test.ts), so the two never count each other's visits.
  product = products.at(-2)!;
  expect(product.publicKey).toBeTruthy();
});
afterAll(() => browser?.close());

const digits = (s: string) => Number(s.replace(/[^\d]/g, ''));

/** The live card's sessions and its four step counts, once shown. */
async function live(page: Page): Promise<number[]> {
  const card = page.locator('section[aria-labelledby="live-title"]');
  await card.locator('.live-value').waitFor();
  const sessions = digits((await card.locator('.live-value').textContent()) ?? '');
  const steps = (await card.locator('.live-steps li').allTextContents()).map(digits);
  return [sessions, ...steps];
}

/** The funnel's step counts, read from the chart's text alternative ([0, 0, 0, 0] when it says it is empty). */
async function funnel(page: Page): Promise<number[]> {
  const card = page.locator('section[aria-label="Parcours utilisateur"]');
  await page.waitForFunction(() => {
    const c = document.querySelector('section[aria-label="Parcours utilisateur"]');
    return (
      !!c &&
      (!!c.querySelector('[aria-label^="Parcours utilisateur : "]') ||
        /Aucune donnée de parcours/.test(c.textContent ?? ''))
    );
  });
  const label = await card
    .locator('[aria-label^="Parcours utilisateur : "]')
    .getAttribute('aria-label')
    .catch(() => null);
  if (!label) return [0, 0, 0, 0];
  return ['consultation', 'interaction 3D', 'essai AR', 'conversion'].map((step) => {
    const m = new RegExp(`${step} ([\\d\\s\\u202f\\u00a0]+) session`).exec(label);
    expect(m, `${step} dans « ${label} »`).not.toBeNull();
    return digits(m![1]);
  });
}

describe('"En direct" and the AR funnel', () => {
  it('two visits appear after the next minute, without a reload', async () => {
    const { page, errors } = await newPage(browser);
    await page.clock.install();
    await signIn(page, 'directeur@demo.fr');
    await page.goto(`/dashboard?produit=${product.produitId}&periode=all_time`);
    const before = (await figureTexts(page)).map(digits);
    const liveBefore = await live(page);
    const funnelBefore = await funnel(page);
    // Set on this document: still there afterwards means the page was not reloaded.
    await page.evaluate(() => ((window as unknown as { notReloaded: boolean }).notReloaded = true));

    await visit(`e2e-direct-${Date.now()}-a`, ['consultation', 'iframeInteraction', 'arTry', 'conversion']);
    await visit(`e2e-direct-${Date.now()}-b`, ['consultation']);
    // Nothing moves before the minute is up (no request is made in between).
    expect(await live(page)).toEqual(liveBefore);
    await page.clock.fastForward(60_000);

    const card = page.locator('section[aria-labelledby="live-title"] .live-value');
    await page.waitForFunction(
      ([selector, was]) =>
        Number((document.querySelector(selector)?.textContent ?? '').replace(/[^\d]/g, '')) === was + 2,
      ['section[aria-labelledby="live-title"] .live-value', liveBefore[0]] as const,
      { timeout: 30_000 },
    );
    expect(await card.count()).toBe(1);
    expect(await live(page)).toEqual([
      liveBefore[0] + 2,
      liveBefore[1] + 2,
      liveBefore[2] + 1,
      liveBefore[3] + 1,
      liveBefore[4] + 1,
    ]);
    const after = (await figureTexts(page)).map(digits);
    expect(after[0]).toBe(before[0] + 2);
    expect(after[1]).toBe(before[1] + 1);
    expect(after[2]).toBe(before[2] + 1);
    const steps = await funnel(page);
    expect(steps).toEqual([funnelBefore[0] + 2, funnelBefore[1] + 1, funnelBefore[2] + 1, funnelBefore[3] + 1]);
    // The drops written under the chart follow the counts.
    const drops = await page.locator('.funnel-drops li strong').allTextContents();
    expect(drops.map(digits)).toEqual(
      [1, 2, 3].map((k) => (steps[k - 1] > 0 ? Math.round(((steps[k - 1] - steps[k]) / steps[k - 1]) * 100) : 0)),
    );
    expect(await page.evaluate(() => (window as unknown as { notReloaded?: boolean }).notReloaded)).toBe(true);
    expect(errors).toEqual([]);
  });
});
