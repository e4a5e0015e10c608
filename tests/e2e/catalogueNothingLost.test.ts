// Issue 16 in Chromium, catalogue side: staged options survive "Créer un nuancier" and back, a leave guard
// asks before they are dropped, an unknown product says so with a way back.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

async function api(page: Page, method: 'GET' | 'DELETE', url: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.fetch(`${baseUrl()}${url}`, { method, headers: { authorization: `Bearer ${token}` } });
  return { status: res.status(), body: res.status() === 204 ? null : await res.json() };
}
const firstProduct = async (page: Page) =>
  ((await api(page, 'GET', '/api/GroupeModel')).body.$values as Array<{ idGroupeModel: number }>)[0].idGroupeModel;

describe('options staged on /options', () => {
  it('survive the round trip to "Créer un nuancier", and leaving asks first', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    const groupId = await firstProduct(page);
    await page.goto(`/options?groupId=${groupId}`);
    for (const name of ['Interrupteur', 'Abat-jour', 'Pied']) {
      await page.fill('#option-group', name);
      await page.fill('#option-left', 'Sans');
      await page.fill('#option-right', 'Avec');
      await page.getByRole('button', { name: 'Ajouter cette option' }).click();
      await page.getByText(`${name} : Sans / Avec`).waitFor();
    }
    await page.fill('#option-group', 'En cours');
    await page.getByRole('button', { name: 'Créer un nuancier' }).click();
    await page.waitForURL(`**/nuancier?groupId=${groupId}`);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(`**/options?groupId=${groupId}`);
    await page.getByText('Options à enregistrer (3)').waitFor();
    for (const name of ['Interrupteur', 'Abat-jour', 'Pied']) await page.getByText(`${name} : Sans / Avec`).waitFor();
    expect(await page.inputValue('#option-group')).toBe('En cours');

    // Leaving by the sidebar asks; "Rester" keeps everything.
    await page.locator('a.nav-link[href="/customers"]').click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Quitter sans enregistrer ?' });
    await dialog.waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Rester');
    await dialog.getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).pathname).toBe('/options');
    await page.getByText('Options à enregistrer (3)').waitFor();

    // "Quitter" leaves and drops the staged work.
    await page.locator('a.nav-link[href="/customers"]').click();
    await dialog.getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL('**/customers');
    await page.goto(`/options?groupId=${groupId}`);
    await page.getByRole('button', { name: 'Enregistrer les options' }).waitFor();
    expect(await page.getByText('Options à enregistrer').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('an unknown product says so and leads back to the catalogue', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    await page.goto('/options?groupId=987654');
    await page.getByText('Ce produit est introuvable').waitFor();
    await page.getByRole('button', { name: 'Retour au catalogue' }).click();
    await page.waitForURL('**/catalogue');
  });
});

describe('categories (issue 16 §1.3)', () => {
  it('confirms a delete saying what it touches, focuses "Annuler", lists beyond 8 rows and sends the EntrepriseId', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    const token = await page.evaluate(() => localStorage.getItem('token'));
    const headers = { authorization: `Bearer ${token}` };
    const me = await (await page.request.get(`${baseUrl()}/api/User/current`, { headers })).json();
    const stamp = Date.now().toString().slice(-5);
    const post = async (data: Record<string, unknown>) =>
      (await page.request.post(`${baseUrl()}/api/Categorie`, { headers, data })).json();
    const parent = await post({ Nom_categorie: `Parent ${stamp}` });
    const child = await post({ Nom_categorie: `Enfant ${stamp}`, Id_categorie_mere: parent.id });
    for (let i = 0; i < 8; i++) await post({ Nom_categorie: `Série ${stamp} ${i}` });
    const png = fs.readFileSync(path.resolve('server/db/seed/fixtures/catalogue/applique.png'));
    const product = await page.request.post(`${baseUrl()}/api/Model/ModelWithGroup`, {
      headers,
      multipart: {
        NomGroupeModel: `Produit ${stamp}`,
        IdCategorie: String(child.id),
        CheminImageGroupe: { name: 'a.png', mimeType: 'image/png', buffer: png },
      },
    });
    expect(product.status()).toBe(201);

    await page.goto('/creer-categorie');
    const rows = page.locator('table[aria-label="Catégories"] tbody tr');
    await rows.first().waitFor();
    expect(await rows.count()).toBe(8);
    await page.getByRole('button', { name: /^Voir toutes les catégories/ }).click();
    await page.getByRole('cell', { name: `Série ${stamp} 7`, exact: true }).waitFor();
    expect(await rows.count()).toBeGreaterThan(8);

    await page.getByRole('button', { name: `Supprimer Parent ${stamp}` }).click();
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(
        `Supprimer « Parent ${stamp} » et sa sous-catégorie ? 1 produit perdra sa catégorie (il reste au catalogue).`,
      )
      .waitFor();
    expect(await page.evaluate(() => document.activeElement?.textContent)).toContain('Annuler');
    await page.keyboard.press('Enter');
    await dialog.waitFor({ state: 'detached' });
    await page
      .locator('table[aria-label="Catégories"] tbody tr > td:first-child', { hasText: new RegExp(`^Parent ${stamp}$`) })
      .waitFor();

    // The create call names the user's company, as the contract's payload does.
    await page.fill('#category-name', `Nouvelle ${stamp}`);
    const [request] = await Promise.all([
      page.waitForRequest((r) => r.url().endsWith('/api/Categorie') && r.method() === 'POST'),
      page.getByRole('button', { name: 'Ajouter catégorie' }).click(),
    ]);
    expect(request.postDataJSON().EntrepriseId).toBe(me.entrepriseId);
    expect(errors).toEqual([]);
  });
});

describe('products (issue 16 §1.6, §1.7)', () => {
  it('creates a product without image (placeholder), edits it and deletes it after confirmation', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'directeur@demo.fr');
    const stamp = Date.now().toString().slice(-5);
    const name = `Sans image ${stamp}`;
    await page.goto('/products');
    await page.locator('.p-dropdown:has(#product-category)').click();
    await page.locator('.p-dropdown-item').first().click();
    await page.fill('#product-name', name);
    await page.getByRole('button', { name: 'Sol' }).click();
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.waitForURL(/\/subdivision\?groupId=\d+$/);

    await page.goto('/catalogue');
    await page.locator('.p-accordion-header', { hasText: 'Modèles' }).click();
    const card = page.getByRole('article', { name });
    await card.getByRole('img', { name: "Pas d'image" }).waitFor();

    await card.getByRole('button', { name: `Modifier ${name}` }).click();
    await page.waitForURL(/\/products\/\d+\/edit$/);
    await page.getByText('Images actuelles : 0.').waitFor();
    expect(await page.inputValue('#product-name')).toBe(name);
    await page.fill('#product-name', `${name} bis`);
    await page.getByRole('button', { name: 'Enregistrer les modifications' }).click();
    await page.waitForURL('**/catalogue');
    await page.locator('.p-accordion-header', { hasText: 'Modèles' }).click();
    const edited = page.getByRole('article', { name: `${name} bis` });
    await edited.waitFor();

    await edited.getByRole('button', { name: `Supprimer ${name} bis` }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Supprimer le produit' });
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await edited.waitFor({ state: 'detached' });
    expect(errors).toEqual([]);
  });
});
