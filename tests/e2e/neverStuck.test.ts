// Issue 16 §2 in Chromium: a failed load looks like a failure (error panel, "Réessayer"), never like an
// empty database; a failed current-user load offers "Réessayer" and "Se déconnecter"; a write refused
// offline says so, under the offline banner.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const problem = {
  status: 500,
  contentType: 'application/json',
  body: JSON.stringify({ status: 500, title: 'Erreur interne', detail: 'Panne simulée' }),
};
/** Fails the matching API call until the returned function is called. */
async function failing(page: Page, pattern: RegExp) {
  const handler = (route: import('playwright-core').Route) => route.fulfill(problem);
  await page.route(pattern, handler);
  return () => page.unroute(pattern, handler);
}

describe('failed list loads', () => {
  for (const [path, api, text, rowSelector] of [
    [
      '/customers',
      /\/api\/Customers\/forCurrentUser/,
      'Erreur lors de la récupération des clients',
      '.cust-table tbody tr',
    ],
    ['/users', /\/api\/User$/, 'Erreur lors de la récupération des utilisateurs', '.users-table tbody tr'],
  ] as const) {
    it(`${path}: an error panel with "Réessayer", no zeros nor empty message; a retry loads the list`, async () => {
      // Without the service worker: its cache must not answer in place of the failing server.
      const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
      await signIn(page, 'admin@demo.fr');
      const restore = await failing(page, api);
      await page.goto(path);
      const panel = page.locator('.load-error').filter({ hasText: text });
      await panel.waitFor();
      expect(await page.getByText("n'a été ajouté pour le moment").count()).toBe(0);
      expect(await page.locator('.stat-card').count()).toBe(0);
      await restore();
      await panel.getByRole('button', { name: 'Réessayer' }).click();
      await page.locator(rowSelector).first().waitFor();
      await context.close();
    });
  }

  it('a failed /api/User/current shows the frame error panel with "Réessayer" and "Se déconnecter"', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    await signIn(page, 'admin@demo.fr');
    const restore = await failing(page, /\/api\/User\/current$/);
    await page.reload();
    const panel = page
      .locator('.load-error')
      .filter({ hasText: "Erreur lors de la récupération des informations de l'utilisateur" });
    await panel.waitFor();
    await panel.getByRole('button', { name: 'Se déconnecter' }).waitFor();
    await restore();
    await panel.getByRole('button', { name: 'Réessayer' }).click();
    await page.getByText('Se déconnecter').first().waitFor();
    await page.locator('aside.sidebar').waitFor();
    await context.close();
  });
});

describe('ways out', () => {
  it('a user\'s details link to "Voir ses clients"', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const users = (
      await (await page.request.get('/api/User', { headers: { authorization: `Bearer ${token}` } })).json()
    ).$values as Array<{ userId: number; mail: string }>;
    const id = users.find((u) => u.mail === 'vendeur@demo.fr')!.userId;
    await page.goto(`/users/${id}/details`);
    await page.getByRole('button', { name: 'Voir ses clients' }).click();
    await page.waitForURL(`**/users/${id}/customers`);
    await context.close();
  });

  it('the description editor says when its save fails, keeps the text and stays open', async () => {
    const { page, context } = await newPage(browser, { serviceWorkers: 'block' });
    await signIn(page, 'vendeur@demo.fr');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };
    const customers = (await (await page.request.get('/api/Customers/forCurrentUser', { headers })).json())
      .$values as Array<{ customerId: number; propositionCount: number }>;
    const withProps = customers.find((c) => c.propositionCount > 0)!;
    const detail = await (await page.request.get(`/api/Customers/${withProps.customerId}`, { headers })).json();
    const props = (Array.isArray(detail.propositions) ? detail.propositions : detail.propositions.$values) as Array<{
      propositionId: number;
    }>;
    await page.goto(`/proposition/${props[0].propositionId}`);
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.route(/\/api\/Propositions\/\d+$/, (route) =>
      route.request().method() === 'PUT' ? route.fulfill(problem) : route.continue(),
    );
    await page.fill('#prop-description', 'Texte à garder');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: "La description n'a pas été enregistrée : Panne simulée" })
      .waitFor();
    expect(await page.inputValue('#prop-description')).toBe('Texte à garder');
    await context.close();
  });

  it('a toast hides none of the page actions', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.goto('/creer-categorie');
    await page.fill('#category-name', `Toast ${Date.now()}`);
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    const toast = page.locator('.p-toast-message').first();
    await toast.waitFor();
    const box = (await toast.boundingBox())!;
    for (const button of await page.locator('main button, aside button').all()) {
      const b = await button.boundingBox();
      if (!b) continue;
      const overlaps =
        b.x < box.x + box.width && b.x + b.width > box.x && b.y < box.y + box.height && b.y + b.height > box.y;
      expect(overlaps, (await button.textContent()) ?? '').toBe(false);
    }
    await context.close();
  });
});

describe('offline writes', () => {
  const OFFLINE = "Vous êtes hors ligne : la modification n'a pas été enregistrée.";
  const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
    a.x < b.x + b.width && a.x + a.width > b.x && a.y < b.y + b.height && a.y + a.height > b.y;

  /** The offline toast shows, the screen's generic one does not, and the offline banner stays uncovered. */
  async function expectOfflineToast(page: Page, generic: string) {
    const toast = page.locator('.p-toast-message', { hasText: OFFLINE });
    await toast.waitFor();
    expect(await page.locator('.p-toast-message', { hasText: generic }).count()).toBe(0);
    const banner = page.locator('.offline-banner');
    await banner.waitFor();
    expect(overlap((await toast.boundingBox())!, (await banner.boundingBox())!)).toBe(false);
  }

  it('a category: the HTTP client\'s offline message, not "La catégorie n\'a pas pu être ajoutée"', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    await page.goto('/creer-categorie');
    await page.getByRole('button', { name: 'Ajouter catégorie' }).waitFor();
    await context.setOffline(true);
    await page.fill('#category-name', 'Hors ligne');
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await expectOfflineToast(page, "La catégorie n'a pas pu être ajoutée");
    expect(await page.inputValue('#category-name')).toBe('Hors ligne');
    await context.setOffline(false);
    await context.close();
  });

  it('a customer: the offline message, the form keeps what was typed', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/customers/create');
    await page.locator('#customer-nom').waitFor();
    await context.setOffline(true);
    await page.fill('#customer-nom', 'Horsligne');
    await page.fill('#customer-prenom', 'Paul');
    await page.fill('#customer-mail', 'paul.horsligne@example.fr');
    await page.fill('#customer-mobile', '0611223344');
    await page.fill('#customer-compagny', 'Atelier Horsligne');
    await page.getByRole('button', { name: 'Ajouter le client' }).click();
    await expectOfflineToast(page, "Erreur lors de l'ajout du client.");
    expect(await page.inputValue('#customer-nom')).toBe('Horsligne');
    await context.setOffline(false);
    await context.close();
  });
});
