// The customer's share link opened in Chromium at a phone's size: the page shows the company's name and
// the proposition's description (as text), its player plays the video and nothing overflows the screen;
// axe finds no serious or critical violation. Opening the page counts no view; playing counts one, and
// the back-office then shows "Vidéo vue" for the proposition after a reload (the status stored by the
// server, docs/back-office.md "The customer's share link").
import fs from 'node:fs';
import path from 'node:path';

import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { violations } from '../helpers/axe';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';
import { baseUrl } from '../helpers/e2e';
import { tokenOf } from '../helpers/routeTable';
import { playFirstVideo } from '../helpers/video';

let browser: Browser;
let vendeur: string;
const DESCRIPTION = 'Salle de bains <b>sur mesure</b> & douche à l’italienne';

const api = async <T>(route: string, init: RequestInit = {}): Promise<T> => {
  const res = await fetch(`${baseUrl()}${route}`, {
    ...init,
    headers: { authorization: `Bearer ${vendeur}`, ...init.headers },
  });
  if (!res.ok) throw new Error(`${route}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
};

beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  vendeur = await tokenOf(baseUrl(), 'vendeur@demo.fr');
});
afterAll(() => browser?.close());

async function newShareLink() {
  const customers = await api<{ $values: Array<{ customerId: number }> }>('/api/Customers/forCurrentUser');
  const customerId = customers.$values[0].customerId;
  const form = new FormData();
  form.append('customerId', String(customerId));
  form.append('description', DESCRIPTION);
  const fixture = (name: string) =>
    fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/seed/fixtures', name));
  form.append(
    'pdf',
    new Blob([Buffer.from('%PDF-1.4\n% devis\ntrailer<<>>\n%%EOF\n')], { type: 'application/pdf' }),
    'devis.pdf',
  );
  form.append('video', new Blob([fixture('demo-video.mp4')], { type: 'video/mp4' }), 'film.mp4');
  const { propositionId } = await api<{ propositionId: number }>('/api/Propositions', { method: 'POST', body: form });
  const { link } = await api<{ link: string }>(`/api/Video/generate-link/${propositionId}`, { method: 'POST' });
  return { customerId, propositionId, link: `${baseUrl()}${link}` };
}

const proposition = (id: number) =>
  api<{ statusName: string | null; videoAccessToken: { viewCount: number } }>(`/api/Propositions/${id}`);

/** A fresh context: the customer has no session, and each test its own cache. */
async function open(url: string, viewport = { width: 390, height: 844 }): Promise<Page> {
  const context = await browser.createBrowserContext();
  const page = await context.newPage();
  await page.setViewport(viewport);
  await page.goto(url, { waitUntil: 'load' });
  return page;
}

describe('the share link in Chromium', () => {
  it('shows the company and the description, plays the video, is axe-clean, and then shows "Vidéo vue"', async () => {
    const { customerId, propositionId, link } = await newShareLink();
    const me = await api<{ entreprise: { nomEntreprise: string } }>('/api/User/current');
    const company = me.entreprise.nomEntreprise;

    const page = await open(link);
    try {
      expect(await page.$eval('html', (e) => e.lang)).toBe('fr');
      expect(await page.$eval('header', (e) => e.textContent)).toContain(company);
      expect(await page.$eval('.description', (e) => e.textContent)).toBe(DESCRIPTION);
      expect(await page.$$('b')).toHaveLength(0);
      // Readable on a phone: nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      expect(await violations(page)).toEqual([]);
      // The page alone is not a view.
      expect((await proposition(propositionId)).videoAccessToken.viewCount).toBe(0);

      const played = await page.evaluate(playFirstVideo, 0.3);
      expect(played).not.toBeNull();
      expect(played!.readyState).toBeGreaterThanOrEqual(1);
      expect(played!.duration).toBeGreaterThan(0);
      const pdf = await page.$eval('a[download]', (a) => a.href);
      expect(pdf).toBe(`${link}/pdf`);
    } finally {
      await page.browserContext().close();
    }

    const stored = await proposition(propositionId);
    expect(stored.videoAccessToken.viewCount).toBe(1);
    expect(stored.statusName).toBe('Vidéo vue');

    // The back-office, signed in as the Vendeur: his customer's page lists the proposition as "Vidéo vue".
    const office = await open(`${baseUrl()}/logo.svg`, { width: 1400, height: 900 });
    try {
      await office.evaluate((t) => localStorage.setItem('token', t), vendeur);
      await office.goto(`${baseUrl()}/customers/${customerId}`, { waitUntil: 'load' });
      const row = await office.waitForFunction(
        (d) => [...document.querySelectorAll('.cust-prop')].find((b) => b.textContent?.includes(d))?.textContent,
        {},
        DESCRIPTION,
      );
      expect(await row.jsonValue()).toContain('Vidéo vue');
    } finally {
      await office.browserContext().close();
    }
  });
});
