// "Mes notifications" in Chromium (docs/notifications.md): reached from the sidebar’s footer, it says that this
// server sends no mail (the e2e server has no SMTP_URL), the switches toggle, "Enregistrer" says it saved,
// a reload shows what the server stored, and axe finds no serious or critical violation; a failed load
// shows its message and "Réessayer".
import puppeteer, { type Browser, type Page } from 'puppeteer-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { violations } from '../helpers/axe';
import { CHROMIUM_FLAGS, chromiumPath } from '../helpers/browser';
import { baseUrl } from '../helpers/e2e';
import { tokenOf } from '../helpers/routeTable';

let browser: Browser;
let manager: string;

const subscriptions = async () =>
  (await (
    await fetch(`${baseUrl()}/api/Notifications/subscriptions`, { headers: { authorization: `Bearer ${manager}` } })
  ).json()) as { weeklyReport: boolean; alerts: boolean; sendingEnabled: boolean };

beforeAll(async () => {
  browser = await puppeteer.launch({ executablePath: chromiumPath(), headless: true, args: CHROMIUM_FLAGS });
  manager = await tokenOf(baseUrl(), 'manager@demo.fr');
});
afterAll(() => browser?.close());

async function signedIn(path: string): Promise<Page> {
  const page = await (await browser.createBrowserContext()).newPage();
  await page.setViewport({ width: 1400, height: 900 });
  await page.goto(`${baseUrl()}/logo.svg`);
  await page.evaluate((t) => localStorage.setItem('token', t), manager);
  await page.goto(`${baseUrl()}${path}`, { waitUntil: 'load' });
  return page;
}

const checked = (page: Page, id: string) => page.$eval(`#${id}`, (el) => (el as HTMLInputElement).checked);

describe('Mes notifications', () => {
  it('is reached from the sidebar’s footer, toggles, saves, and reads back what the server stored; axe clean', async () => {
    const page = await signedIn('/dashboard');
    try {
      await page.locator('.sidebar-footer a[href="/notifications"]').click();
      await page.waitForSelector('h1 ::-p-text(Mes notifications)');
      await page.waitForSelector('#notification-weeklyReport');
      expect(await page.$eval('.notifications-off', (el) => el.textContent)).toContain(
        "L'envoi des e-mails est désactivé sur ce serveur",
      );
      expect(await checked(page, 'notification-weeklyReport')).toBe(false);
      expect(await checked(page, 'notification-alerts')).toBe(false);

      await page.click('label[for="notification-weeklyReport"]');
      expect(await checked(page, 'notification-weeklyReport')).toBe(true);
      await page.click('button[type=submit]');
      await page.waitForSelector('::-p-text(Vos préférences de notification sont enregistrées.)');
      expect(await subscriptions()).toMatchObject({ weeklyReport: true, alerts: false, sendingEnabled: false });

      expect(await violations(page)).toEqual([]);

      await page.reload({ waitUntil: 'load' });
      await page.waitForSelector('#notification-weeklyReport');
      expect(await checked(page, 'notification-weeklyReport')).toBe(true);
      expect(await checked(page, 'notification-alerts')).toBe(false);
      // Back as it was: the shared server's other files see the demo accounts untouched.
      await page.click('label[for="notification-weeklyReport"]');
      await page.click('button[type=submit]');
      await page.waitForSelector('::-p-text(Vos préférences de notification sont enregistrées.)');
      expect(await subscriptions()).toMatchObject({ weeklyReport: false, alerts: false });
    } finally {
      await page.browserContext().close();
    }
  });

  it('a failed load says so with "Réessayer", never switches that look off; "Réessayer" loads them', async () => {
    const page = await (await browser.createBrowserContext()).newPage();
    try {
      await page.setViewport({ width: 1400, height: 900 });
      // The page's own requests, not the service worker's, so that the interception sees them.
      await page.setBypassServiceWorker(true);
      await page.goto(`${baseUrl()}/logo.svg`);
      await page.evaluate((t) => localStorage.setItem('token', t), manager);
      let refused = 0;
      await page.setRequestInterception(true);
      page.on('request', (request) => {
        if (request.url().endsWith('/api/Notifications/subscriptions') && request.method() === 'GET' && !refused++)
          void request.respond({
            status: 500,
            contentType: 'application/json',
            body: JSON.stringify({ status: 500, title: 'Erreur interne', detail: 'Erreur interne du serveur' }),
          });
        else void request.continue();
      });
      await page.goto(`${baseUrl()}/notifications`, { waitUntil: 'load' });
      await page.waitForSelector("::-p-text(Vos préférences de notification n'ont pas pu être chargées.)");
      expect(await page.$('#notification-weeklyReport')).toBeNull();
      await page.locator('button ::-p-text(Réessayer)').click();
      await page.waitForSelector('#notification-weeklyReport');
      expect(refused).toBeGreaterThanOrEqual(2);
    } finally {
      await page.browserContext().close();
    }
  });
});
