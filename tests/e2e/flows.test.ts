// No dead ends in the back-office's flows (docs/product.md §2.2.7, §2.8, §1.2): a category created from the
// product form itself, the options step ended without an option, a proposition's status that never goes
// backwards on screen, and the Admin's dashboard naming the analysed company with placeholders before one.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { quotePdf } from '../../server/db/seed/quotePdf';
import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';

const stamp = Date.now().toString().slice(-6);
const video = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/seed/fixtures/demo-video.mp4'));
const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
const auth = async (page: Page) => ({ authorization: `Bearer ${await token(page)}` });

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

async function pick(page: Page, inputId: string, option: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-item', { hasText: option }).first().click();
}

describe('the back-office flows', () => {
  it('creates a category from the product form, keeps what was typed, and ends the options without one', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    const category = `Appliques ${stamp}`;
    const product = `Applique Lune ${stamp}`;

    await page.goto('/products');
    // Required fields are marked before any submit, with the mark explained to assistive technologies.
    await page.getByText('Les champs marqués d’un astérisque (*) sont obligatoires.').waitFor();
    for (const id of ['product-name', 'product-category']) {
      expect(await page.locator(`label[for="${id}"]`).textContent()).toMatch(/\*$/);
      expect(await page.locator(`#${id}`).getAttribute('aria-required')).toBe('true');
    }
    expect(await page.locator('#product-ref1').getAttribute('aria-required')).toBeNull();

    await page.fill('#product-name', product);
    await page.fill('#product-ref1', 'REF-LUNE');
    await pick(page, 'product-category', 'Créer une nouvelle catégorie');
    const dialog = page.getByRole('dialog', { name: 'Nouvelle catégorie' });
    await dialog.waitFor();
    expect(new URL(page.url()).pathname).toBe('/products');
    // The category form's own schema and message.
    await dialog.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await dialog.getByRole('alert').first().waitFor();
    expect(await dialog.getByRole('alert').first().textContent()).toBeTruthy();
    await dialog.locator('#dialog-category-name').fill(category);
    await dialog.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await dialog.waitFor({ state: 'detached' });

    // Still the same page, with what was typed and the new category chosen.
    expect(new URL(page.url()).pathname).toBe('/products');
    expect(await page.inputValue('#product-name')).toBe(product);
    expect(await page.inputValue('#product-ref1')).toBe('REF-LUNE');
    await expect
      .poll(() => page.locator('.p-dropdown:has(#product-category) .p-dropdown-label').textContent())
      .toBe(category);

    await page.getByRole('button', { name: 'Sol' }).click();
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.waitForURL(/\/subdivision\?groupId=\d+$/);
    const groupId = Number(new URL(page.url()).searchParams.get('groupId'));
    const stored = await (await page.request.get(`/api/GroupeModel/${groupId}`, { headers: await auth(page) })).json();
    const categories = await (await page.request.get('/api/Categorie', { headers: await auth(page) })).json();
    const created = (categories.$values ?? categories).find(
      (c: { nomCategorie: string }) => c.nomCategorie === category,
    );
    expect(stored.idCategorie).toBe(created.id ?? created.idCategorie);

    // A product without options is normal: the flow ends where "Enregistrer les options" would end it,
    // without the empty option form's messages.
    await page.getByRole('button', { name: 'Non' }).click();
    await page.waitForURL(`**/options?groupId=${groupId}`);
    await page.getByRole('button', { name: 'Terminer sans option' }).click();
    await page.waitForURL((u) => u.pathname === '/dashboard');
    expect(await page.getByText('Le nom du groupe est requis').count()).toBe(0);
    const options = await (
      await page.request.get(`/api/Option/GroupeModel/${groupId}`, { headers: await auth(page) })
    ).json();
    expect(options.$values).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('offers the category dialog only to the roles that may create categories', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/products');
    await page.locator('.p-dropdown:has(#product-category)').click();
    await page.locator('.p-dropdown-panel').waitFor();
    expect(await page.locator('.p-dropdown-item', { hasText: 'Créer une nouvelle catégorie' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('never shows a proposition status behind what the server and the page know', async () => {
    const { page, context, errors } = await newPage(browser);
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await signIn(page, 'vendeur@demo.fr');
    const customer = await page.request.post('/api/Customers/NewCustomer', {
      headers: await auth(page),
      data: {
        nom: 'Statut',
        prenom: 'Paul',
        mail: `statut.${stamp}@exemple.fr`,
        mobile: '0612345678',
        compagny: 'Atelier',
      },
    });
    expect(customer.status()).toBeLessThan(300);
    const { customerId } = await customer.json();
    const upload = await page.request.post('/api/Propositions', {
      headers: await auth(page),
      multipart: {
        customerId: String(customerId),
        description: `Véranda ${stamp}`,
        pdf: { name: 'devis.pdf', mimeType: 'application/pdf', buffer: quotePdf(['Devis véranda']) },
        video: { name: 'video.mp4', mimeType: 'video/mp4', buffer: video },
      },
    });
    expect(upload.status()).toBe(201);
    const propositionId = (await upload.json()).propositionId as number;

    await page.goto(`/proposition/${propositionId}`);
    const status = page.locator('.prop-grid [data-status]');
    await status.waitFor();
    expect(await status.textContent()).toBe('Vidéo non envoyée');
    await page.getByRole('button', { name: 'Générer Lien' }).click();
    await page.getByText("Date d'expiration").waitFor();
    expect(await status.textContent()).toBe('Vidéo envoyée');

    // A reload with a live link: at least "Vidéo envoyée", whatever status the server kept.
    await page.reload();
    await page.getByText("Date d'expiration").waitFor();
    expect(await status.textContent()).toBe('Vidéo envoyée');

    // The customer watches through the share link: the page counts the view as a watch.
    const link = await page.inputValue('#prop-share-link');
    expect((await page.request.get(link)).status()).toBe(200);
    await page.reload();
    await page.getByText("Date d'expiration").waitFor();
    expect(await status.textContent()).toBe('Vidéo vue');
    // Copying the link again does not take the status back to "Vidéo envoyée".
    await page.getByRole('button', { name: 'Copier Lien' }).click();
    await page.locator('.p-toast-message', { hasText: 'Lien copié dans le presse-papier!' }).first().waitFor();
    expect(await status.textContent()).toBe('Vidéo vue');
    expect(link.startsWith(baseUrl())).toBe(true);
    expect(errors).toEqual([]);
  });

  it("names the Admin's analysed company and shows placeholders before one is chosen", async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.getByText("Sélectionnez d'abord une entreprise").waitFor();
    // No zeros and no 0–1 axis: the placeholder in the cards and in each chart.
    const cards = page.locator('.stat-card');
    expect(await cards.count()).toBe(4);
    for (const card of await cards.all())
      expect(await card.locator('.stat-value').textContent()).toBe('Sélectionnez une entreprise');
    for (const chart of ['Évolution', 'Origine géographique', 'Parcours utilisateur'])
      expect(await page.locator(`section[aria-label^="${chart}"] .chart-empty`).textContent(), chart).toBe(
        'Sélectionnez une entreprise',
      );
    expect(await page.locator('section[aria-label="Évolution"] canvas').count()).toBe(0);
    expect(await page.locator('h1').textContent()).not.toContain('Visio3D');

    await page.locator('.p-dropdown:has(#dashboard-company)').click();
    await page.locator('.p-dropdown-item', { hasText: 'Maison Lumière' }).first().click();
    await expect.poll(() => page.locator('h1').textContent()).toBe("Outil d'Analyse 3D/AR - Maison Lumière");
    expect(await page.getByText('Sélectionnez une entreprise', { exact: true }).count()).toBe(0);
    expect(errors).toEqual([]);
  });
});
