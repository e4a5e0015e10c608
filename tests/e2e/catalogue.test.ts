// The catalogue in Chromium (issue 7): a category and a sub-category; a product with two images, an STL and
// a PDF, answered 'Non' (default sub-option) and then a Bascule, a Liste and a Coloris option from a new
// palette; a second product answered 'Oui' with two subdivisions; then /catalogue shows the product, the
// category and the colours, and gives back the same PDF.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, DEMO_PASSWORD, newPage, openBrowser } from '../helpers/e2e';

const FIXTURES = path.resolve('server/db/seed/fixtures/catalogue');
const fixture = (name: string) => path.join(FIXTURES, name);
const stamp = Date.now().toString().slice(-5);
const PARENT = `Jardin ${stamp}`;
const CHILD = `Bornes ${stamp}`;
const PRODUCT = `Borne Solaire ${stamp}`;
const PRODUCT2 = `Lanterne ${stamp}`;
const PALETTE = `Bois ${stamp}`;

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** The first column (name) of the category list, matched exactly. */
const nameCell = (page: Page, name: string) =>
  page.locator('table[aria-label="Catégories"] tbody tr > td:first-child').filter({ hasText: new RegExp(`^${name}$`) });
const rowOf = (page: Page, name: string) =>
  page
    .locator('table[aria-label="Catégories"] tbody tr')
    .filter({ has: page.locator('td:first-child').filter({ hasText: new RegExp(`^${name}$`) }) });

/** Signs in and waits for the dashboard (whatever its query string). */
async function signIn(page: Page, mail: string) {
  await page.goto('/login');
  await page.fill('#email', mail);
  await page.fill('#password', DEMO_PASSWORD);
  await page.click('button[type=submit]');
  await page.waitForURL(/\/dashboard(\?|$)/);
  await page.getByText('Se déconnecter').waitFor();
}
const openSection = (page: Page, title: string) => page.locator('.p-accordion-header', { hasText: title }).click();

async function pick(page: Page, inputId: string, option: string) {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-item', { hasText: option }).first().click();
}

/** An API call with the session's token, to check what the screens stored. */
async function api(page: Page, url: string) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get(`${baseUrl()}${url}`, { headers: { authorization: `Bearer ${token}` } });
  expect(res.status()).toBe(200);
  return res.json();
}

async function createProduct(
  page: Page,
  name: string,
  files: { images: string[]; model3d?: string; pdf?: string; noPlacement?: boolean },
) {
  await page.goto('/catalogue');
  await page.getByRole('button', { name: 'Créer un produit' }).click();
  await page.waitForURL('**/products');
  await page.fill('#product-name', name);
  await pick(page, 'product-category', `${PARENT} › ${CHILD}`);
  await page.setInputFiles('#product-images', files.images.map(fixture));
  await page.getByText(`${files.images.length} / 20 images`).waitFor();
  expect(await page.locator('.image-preview img').count()).toBe(files.images.length);
  if (files.model3d) await page.setInputFiles('#product-3d', fixture(files.model3d));
  if (files.pdf) await page.setInputFiles('#product-fiche', fixture(files.pdf));
  if (!files.noPlacement) await page.getByRole('button', { name: 'Sol' }).click();
  await page.locator('#product-price').pressSequentially('1249,9');
  await page.getByRole('button', { name: 'Créer le produit' }).click();
  if (files.noPlacement)
    await page.locator('.p-toast-detail', { hasText: 'Vous devez choisir un placement' }).waitFor();
  await page.waitForURL(/\/subdivision\?groupId=\d+$/);
  return Number(new URL(page.url()).searchParams.get('groupId'));
}

describe('catalogue', () => {
  it('creates categories, two products with their files, subdivisions, options and a palette, and shows them in /catalogue', async () => {
    const { page, errors } = await newPage(browser, { acceptDownloads: true });
    await signIn(page, 'directeur@demo.fr');

    // A category, then a sub-category of it ('Aucune' is the default parent).
    await page.goto('/creer-categorie');
    await page.getByRole('heading', { name: 'Gestion des catégories' }).waitFor();
    expect(await page.locator('.p-dropdown:has(#category-parent) .p-dropdown-label').textContent()).toBe('Aucune');
    await page.fill('#category-name', PARENT);
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await nameCell(page, PARENT).waitFor();
    await page.fill('#category-name', CHILD);
    await pick(page, 'category-parent', PARENT);
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    const childRow = rowOf(page, CHILD);
    await childRow.waitFor();
    expect(await childRow.locator('td').nth(1).textContent()).toBe(PARENT);
    expect(await rowOf(page, PARENT).locator('td').nth(1).textContent()).toBe('Aucune');
    expect(await page.locator('table[aria-label="Catégories"] tbody tr').count()).toBeLessThanOrEqual(8);

    // The product form's messages, then a product with two images, an STL and a PDF.
    await page.goto('/products');
    await pick(page, 'product-category', 'Créer une nouvelle catégorie');
    await page.getByRole('dialog', { name: 'Nouvelle catégorie' }).waitFor();
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.getByText('Vous devez nommer votre produit.').waitFor();
    await page.getByText('Vous devez sélectionner une catégorie pour le produit.').waitFor();
    const png = fs.readFileSync(fixture('applique.png'));
    await page.setInputFiles(
      '#product-images',
      Array.from({ length: 21 }, (_, i) => ({ name: `vue-${i}.png`, mimeType: 'image/png', buffer: png })),
    );
    await page.getByText("Vous ne pouvez télécharger que jusqu'à 20 images.").waitFor();
    await page.getByText('0 / 20 images').waitFor();
    const groupId = await createProduct(page, PRODUCT, {
      images: ['suspension-1.png', 'suspension-2.png'],
      model3d: 'abat-jour.stl',
      pdf: 'fiche-produit.pdf',
    });

    // 'Non': the default sub-option is stored and the options page opens.
    await page.getByText('Votre modèle a-t-il des subdivisions ?').waitFor();
    await page.getByText("Qu'est-ce qu'une subdivision ?").click();
    await page.getByText('Une subdivision est une partie de votre modèle').waitFor();
    await page.getByRole('button', { name: 'Non' }).click();
    await page.waitForURL(`**/options?groupId=${groupId}`);
    expect(
      (await api(page, `/api/SousOption/GroupeModel/${groupId}`)).$values.map((s: { sousNom: string }) => s.sousNom),
    ).toEqual(['Standard']);

    // A palette first (the options page links to it), stored as colours.
    await page.getByRole('button', { name: 'Créer un nuancier' }).click();
    await page.waitForURL(`**/nuancier?groupId=${groupId}`);
    await page.fill('#nuancier-name', PALETTE);
    await page.fill('#nuancier-description', 'Essences de bois');
    await page.getByLabel('Nom de la couleur 1').fill('Chêne');
    await page.getByLabel('Valeur de la couleur 1').fill('#c49a6c');
    await page.getByRole('button', { name: 'Ajouter une couleur' }).click();
    await page.getByLabel('Nom de la couleur 2').fill('Noyer');
    await page.getByLabel('Valeur de la couleur 2').fill('#5b3a29');
    await page.getByRole('button', { name: 'Enregistrer le nuancier' }).click();
    await page.waitForURL(`**/options?groupId=${groupId}`);

    // Options: the group name message, then a Bascule, a Liste and a Coloris staged and sent together.
    await page.getByRole('button', { name: 'Ajouter cette option' }).click();
    await page.getByText('Le nom du groupe est requis').waitFor();
    await page.fill('#option-group', 'Interrupteur');
    await page.fill('#option-left', 'Sans');
    await page.fill('#option-right', 'Avec');
    await page.getByRole('button', { name: 'Ajouter cette option' }).click();
    await page.getByText('Interrupteur : Sans / Avec').waitFor();
    await page.fill('#option-group', 'Hauteur');
    await page.getByRole('button', { name: 'Liste' }).click();
    await page.getByLabel('Élément 1', { exact: true }).fill('60 cm');
    await page.getByRole('button', { name: 'Ajouter un élément' }).click();
    await page.getByLabel('Élément 2', { exact: true }).fill('80 cm');
    await page.getByRole('button', { name: 'Ajouter cette option' }).click();
    await page.getByText('Hauteur : 60 cm, 80 cm').waitFor();
    await page.fill('#option-group', 'Teinte');
    await page.getByRole('button', { name: 'Coloris' }).click();
    await pick(page, 'option-palette', PALETTE);
    await page.getByRole('button', { name: 'Enregistrer les options' }).click();
    await page.waitForURL(/\/dashboard(\?|$)/);
    const options = (await api(page, `/api/Option/GroupeModel/${groupId}`)).$values;
    expect(options).toHaveLength(3);
    expect(options).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          typeOption: 'Texte',
          nomGroupe: 'Interrupteur',
          toggle: { left: 'Sans', right: 'Avec' },
        }),
        expect.objectContaining({ typeOption: 'Texte', nomGroupe: 'Hauteur', liste: ['60 cm', '80 cm'] }),
        expect.objectContaining({ typeOption: 'Coloris', nomGroupe: 'Teinte', colorTag: PALETTE }),
      ]),
    );

    // A second product answered 'Oui': two subdivisions from the table (one row added, one removed).
    // Without a placement the form warns, and still creates the product (docs/product.md §2.5).
    const groupId2 = await createProduct(page, PRODUCT2, { images: ['lampadaire.png'], noPlacement: true });
    expect((await api(page, `/api/GroupeModel/${groupId2}`)).placement).toBeNull();
    await page.getByRole('button', { name: 'Oui' }).click();
    await page.waitForURL(`**/sousdiv?groupId=${groupId2}`);
    await page.getByLabel('Nom de la subdivision 1').fill('Petit');
    await page.getByLabel('Tailles concernées 1').fill('40 cm');
    await page.setInputFiles('[aria-label="Icône de la subdivision 1"]', fixture('icone.png'));
    await page.getByRole('button', { name: 'Ajouter une subdivision' }).click();
    await page.getByRole('button', { name: 'Ajouter une subdivision' }).click();
    await page.getByLabel('Nom de la subdivision 2').fill('Grand');
    await page.getByLabel('Tailles concernées 2').fill('60 cm, 80 cm');
    await page.getByRole('button', { name: 'Supprimer la subdivision 3' }).click();
    await page.getByRole('button', { name: 'Valider' }).click();
    await page.waitForURL(`**/options?groupId=${groupId2}`);
    const subs = (await api(page, `/api/SousOption/GroupeModel/${groupId2}`)).$values;
    expect(subs.map((s: { sousNom: string; tailles: string }) => [s.sousNom, s.tailles]).sort()).toEqual([
      ['Grand', '60 cm, 80 cm'],
      ['Petit', '40 cm'],
    ]);
    expect(subs.find((s: { sousNom: string }) => s.sousNom === 'Petit').sousIcone).toMatch(/^catalogue\//);

    // The catalogue: sections load on opening; the product, the categories and the colours are there.
    await page.goto('/catalogue');
    await page.getByRole('heading', { name: 'Catalogue' }).waitFor();
    await openSection(page, 'Catégories');
    await page.getByRole('cell', { name: CHILD, exact: true }).waitFor();
    await openSection(page, 'Modèles');
    const card = page.getByRole('article', { name: PRODUCT });
    await card.waitFor();
    expect(await card.textContent()).toContain(CHILD);
    expect((await card.textContent())?.replace(/\s/g, ' ')).toContain('1 249,90 €');
    expect(await card.textContent()).toContain('2 images');
    await card.locator('img').waitFor();
    await page.getByRole('article', { name: PRODUCT2 }).waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      card.getByRole('button', { name: 'Fiche produit' }).click(),
    ]);
    expect(fs.readFileSync(await download.path()).equals(fs.readFileSync(fixture('fiche-produit.pdf')))).toBe(true);
    await page.getByLabel('Rechercher un produit').fill(PRODUCT2.toLowerCase());
    await card.waitFor({ state: 'detached' });
    await page.getByRole('article', { name: PRODUCT2 }).waitFor();
    await page.getByLabel('Rechercher un produit').fill('');
    await openSection(page, 'Couleurs');
    const palette = page.locator('.palette', { has: page.getByRole('heading', { name: PALETTE }) });
    await palette.getByText('Chêne').waitFor();
    await palette.getByText('Noyer').waitFor();

    // 'Ajouter Nuancier' stamps today's date as the catalogue validation date.
    await page.getByRole('button', { name: 'Ajouter Nuancier' }).click();
    await page
      .locator('p.catalogue-status', { hasText: `catalogue validé le ${new Date().toLocaleDateString('fr-FR')}` })
      .waitFor();
    await page.locator('.p-toast-detail', { hasText: 'Catalogue validé le' }).waitFor();
    expect(errors).toEqual([]);
  });

  it('deletes a category with its sub-categories after the confirmation that says so', async () => {
    const { page } = await newPage(browser);
    // Another company, whose list (8 rows at most) has room for the two new categories.
    await signIn(page, 'directeur@atelier-bois.fr');
    await page.goto('/creer-categorie');
    const name = `Temporaire ${stamp}`;
    await page.fill('#category-name', name);
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await nameCell(page, name).waitFor();
    await page.fill('#category-name', `${name} enfant`);
    await pick(page, 'category-parent', name);
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await nameCell(page, `${name} enfant`).waitFor();
    await page.getByRole('button', { name: `Supprimer ${name}`, exact: true }).click();
    // One confirmation that says what the delete touches (docs/back-office.md), "Annuler" first.
    const dialog = page.getByRole('dialog');
    await dialog
      .getByText(`Supprimer « ${name} » et sa sous-catégorie ? Aucun produit ne perd sa catégorie.`)
      .waitFor();
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await nameCell(page, name).waitFor();
    await page.getByRole('button', { name: `Supprimer ${name}`, exact: true }).click();
    await page.getByRole('dialog').getByRole('button', { name: 'Supprimer' }).click();
    await nameCell(page, name).waitFor({ state: 'detached' });
    expect(await nameCell(page, `${name} enfant`).count()).toBe(0);
  });

  it('tells the user when the product is missing from the address, with a way back', async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/subdivision');
    await page.getByText("Aucun produit n'est indiqué dans l'adresse de cette page").waitFor();
    await page.getByRole('button', { name: 'Retour au catalogue' }).click();
    await page.waitForURL('**/catalogue');
  });
});
