// The public video link opened in Chromium as a customer would: the browser sends its own sequence of
// requests (the navigation, then the player's ranges from byte 0 and beyond); the proposition's view count
// grows by exactly one per visit, and a reload within the visit adds nothing.
import fs from 'node:fs';
import path from 'node:path';

import type { APIRequestContext, Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, DEMO_PASSWORD, openBrowser } from '../helpers/e2e';
import { playFirstVideo } from '../helpers/video';

let browser: Browser;
let api: APIRequestContext;
let auth: Record<string, string>;
beforeAll(async () => {
  browser = await openBrowser();
  api = (await browser.newContext({ baseURL: baseUrl() })).request;
  const login = await api.post('/api/Auth/backoffice/login', {
    data: { mail: 'vendeur@demo.fr', password: DEMO_PASSWORD },
  });
  auth = { authorization: `Bearer ${(await login.json()).token}` };
});
afterAll(() => browser?.close());

const video = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/seed/fixtures/demo-video.mp4'));
const pdf = Buffer.from('%PDF-1.4\n% devis lien partagé\ntrailer<<>>\n%%EOF\n');

async function newShareLink(): Promise<{ propositionId: number; link: string }> {
  const customers = await (await api.get('/api/Customers/forCurrentUser', { headers: auth })).json();
  const created = await api.post('/api/Propositions', {
    headers: auth,
    multipart: {
      customerId: String(customers.$values[0].customerId),
      description: 'Lien partagé',
      pdf: { name: 'devis.pdf', mimeType: 'application/pdf', buffer: pdf },
      video: { name: 'film.mp4', mimeType: 'video/mp4', buffer: video },
    },
  });
  expect(created.status(), await created.text()).toBe(201);
  const propositionId = (await created.json()).propositionId as number;
  const link = (await (await api.post(`/api/Video/generate-link/${propositionId}`, { headers: auth })).json())
    .link as string;
  return { propositionId, link: `${baseUrl()}${link}` };
}

const viewCount = async (propositionId: number) =>
  (await (await api.get(`/api/Propositions/${propositionId}`, { headers: auth })).json()).videoAccessToken
    .viewCount as number;

/** Plays the page's <video> muted until time has passed (tests/helpers/video.ts). */
async function watch(page: Page): Promise<void> {
  if (!(await page.evaluate(playFirstVideo, 0.3))) throw new Error('no video element');
}

describe('share link in Chromium', () => {
  it('a direct visit counts one view, a reload within the visit none', async () => {
    const { propositionId, link } = await newShareLink();
    expect(await viewCount(propositionId)).toBe(0);
    const customer = await browser.newContext();
    const page = await customer.newPage();
    const requests: string[] = [];
    page.on('request', (r) => r.url() === link && requests.push(`${r.method()} ${r.headers().range ?? '-'}`));
    const res = await page.goto(link);
    expect(res?.status()).toBe(200);
    await watch(page);
    // What the browser asked for this one visit (before the fix, each request without a continuation range counted).
    console.log(`requêtes de Chromium pour une visite : ${requests.join(', ')}`);
    expect(requests.length).toBeGreaterThanOrEqual(1);
    await page.waitForTimeout(300);
    expect(await viewCount(propositionId)).toBe(1);

    await page.reload();
    await watch(page);
    await page.waitForTimeout(300);
    expect(await viewCount(propositionId)).toBe(1);
    await customer.close();
  });

  it("the link in a page's <video> counts one view", async () => {
    const { propositionId, link } = await newShareLink();
    const customer = await browser.newContext({ userAgent: 'Mozilla/5.0 (lecteur intégré) Chrome/131.0' });
    const page = await customer.newPage();
    // A page of the same server (no CSP in the way) that embeds the link, as a mail or a site would.
    await page.goto(`${baseUrl()}/login`);
    await page.evaluate((src) => {
      document.body.innerHTML = '';
      const v = document.createElement('video');
      v.src = src;
      v.preload = 'auto';
      document.body.append(v);
    }, link);
    await watch(page);
    await page.waitForTimeout(300);
    expect(await viewCount(propositionId)).toBe(1);
    await customer.close();
  });
});
