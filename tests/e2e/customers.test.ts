// Customers and propositions in Chromium (issue 5): a Vendeur creates a customer (invalid form first,
// each message seen), finds it by search, edits it, opens a proposition (sent by the sales app), downloads
// its PDF, generates and copies the share link, watches the video; the link's page plays it in a fresh context
// without any token; the customer is deleted after the confirmation, and the sidebar badge follows.
import fs from 'node:fs';
import path from 'node:path';

import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { badgeText, propositionTotal } from '#domain/badge';

import { quotePdf } from '../../server/db/seed/quotePdf';
import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { playFirstVideo } from '../helpers/video';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString().slice(-6);
const MAIL = `elodie.fontaine.${stamp}@exemple.fr`;
const video = fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/seed/fixtures/demo-video.mp4'));

const token = (page: Page) => page.evaluate(() => localStorage.getItem('token') ?? '');
async function expectedBadge(page: Page) {
  const res = await page.request.get('/api/Customers/forCurrentUser', {
    headers: { authorization: `Bearer ${await token(page)}` },
  });
  return badgeText(propositionTotal((await res.json()).$values));
}
const badge = (page: Page) => page.locator('a.nav-link[href="/customers"] .nav-badge');
const alertWith = (page: Page, text: string) => page.getByRole('alert').filter({ hasText: text }).first();
const toast = (page: Page, text: string) => page.locator('.p-toast-message', { hasText: text }).first();
/** Plays the first <video> of the page (tests/helpers/video.ts); a string when the page has none. */
const playsVideo = async (page: Page) => {
  const played = await page.evaluate(playFirstVideo, 0.2);
  return played ? { playing: played.currentTime > 0.2, width: played.width } : 'no video element';
};

describe('customers and propositions (Vendeur)', () => {
  it('create (invalid then valid), search, edit, proposition files and link, delete', async () => {
    const { page, context, errors } = await newPage(browser, { permissions: ['clipboard-read', 'clipboard-write'] });
    await signIn(page, 'vendeur2@demo.fr');
    await page.click('a.nav-link[href="/customers"]');
    await page.getByRole('heading', { name: 'Clients' }).waitFor();
    await page.locator('.cust-table tbody tr', { hasText: '@' }).first().waitFor();
    await page.waitForFunction(() => document.querySelectorAll('.stat-value[aria-busy]').length === 0);
    const stat = (label: string) => page.getByRole('group', { name: label }).locator('.stat-value').textContent();
    const rowsBefore = await page.locator('.cust-table tbody tr').count();
    expect(await stat('Total Clients')).toBe(String(rowsBefore));
    const badgeBefore = await expectedBadge(page);
    expect(await badge(page).textContent()).toBe(badgeBefore);

    // Create: an invalid form shows each message of docs/product.md §2.5 and stays.
    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    await page.waitForURL('**/customers/create');
    await page.fill('#customer-nom', 'Fontaine3');
    await page.fill('#customer-mail', 'pas-un-email');
    await page.fill('#customer-mobile', '06123');
    await page.getByRole('button', { name: 'Ajouter le client' }).click();
    await alertWith(page, 'Nom invalide (50 caractères max, lettres et espaces seulement)').waitFor();
    await alertWith(page, 'Prénom requis').waitFor();
    await alertWith(page, 'Email invalide').waitFor();
    await alertWith(page, 'Numéro de mobile invalide (10 chiffres)').waitFor();
    await alertWith(page, "Nom de l'entreprise requis").waitFor();
    expect(new URL(page.url()).pathname).toBe('/customers/create');

    await page.fill('#customer-nom', 'Fontaine');
    await page.fill('#customer-prenom', 'Élodie');
    await page.fill('#customer-mail', MAIL);
    await page.fill('#customer-mobile', '0611223344');
    await page.fill('#customer-compagny', 'Atelier Fontaine');
    await page.fill('#customer-city', 'Lyon');
    await page.fill('#customer-postalCode', '69001');
    await page.getByRole('button', { name: 'Ajouter le client' }).click();
    await toast(page, 'Client ajouté avec succès !').waitFor();
    await page.waitForURL((u) => u.pathname === '/customers');

    // Search: case and accents ignored; the no-match state has its own text.
    const search = page.getByRole('searchbox', { name: 'Rechercher un client' });
    await search.fill('elodie');
    const row = page.locator('.cust-table tbody tr', { hasText: MAIL });
    await row.waitFor();
    expect(await page.locator('.cust-table tbody tr').count()).toBe(1);
    expect(await row.textContent()).toContain('Élodie Fontaine');
    expect(await row.textContent()).toContain('Aucune proposition');
    expect(await row.locator('.avatar').textContent()).toBe('ÉF');
    expect(await row.textContent()).toContain(new Date().toLocaleDateString('fr-FR'));
    await search.fill('zzz-personne');
    await page.getByText('Aucun client ne correspond à votre recherche.').waitFor();
    await search.fill(MAIL.slice(0, 20));
    await row.click();
    await page.waitForURL(/\/customers\/\d+$/);
    const customerId = Number(new URL(page.url()).pathname.split('/').pop());
    await page.getByRole('heading', { name: 'Élodie Fontaine' }).waitFor();

    // Edit.
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.waitForURL(`**/customers/edit/${customerId}`);
    expect(await page.inputValue('#customer-city')).toBe('Lyon');
    await page.fill('#customer-postalCode', '6910');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await alertWith(page, 'Code postal invalide (5 chiffres)').waitFor();
    await page.fill('#customer-city', 'Villeurbanne');
    await page.fill('#customer-postalCode', '69100');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Client mis à jour avec succès !').waitFor();
    await page.waitForURL((u) => u.pathname === `/customers/${customerId}`);
    await page.getByText('69100 Villeurbanne').waitFor();

    // The sales app sends a proposition (multipart: customerId, description, pdf, video).
    const upload = await page.request.post('/api/Propositions', {
      headers: { authorization: `Bearer ${await token(page)}` },
      multipart: {
        customerId: String(customerId),
        description: 'Verrière atelier',
        pdf: {
          name: 'devis.pdf',
          mimeType: 'application/pdf',
          buffer: quotePdf(['Devis verrière', 'Montant HT : 4 200 EUR']),
        },
        video: { name: 'video.mp4', mimeType: 'video/mp4', buffer: video },
      },
    });
    expect(upload.status()).toBe(201);
    const propositionId = (await upload.json()).propositionId as number;
    await page.reload();
    const item = page.locator('.cust-prop', { hasText: 'Verrière atelier' });
    await item.waitFor();
    expect(await item.locator('[data-status]').textContent()).toBe('Vidéo non envoyée');
    await item.click();
    await page.waitForURL(`**/proposition/${propositionId}`);
    await page.getByText('Verrière atelier').waitFor();
    const status = page.locator('.prop-grid [data-status]');
    expect(await status.textContent()).toBe('Vidéo non envoyée');
    expect(await page.getByRole('button', { name: 'Copier Lien' }).count()).toBe(0);

    // PDF download: Devis_{id}.pdf whose bytes start with %PDF.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Télécharger PDF' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe(`Devis_${propositionId}.pdf`);
    expect(
      fs
        .readFileSync(await download.path())
        .subarray(0, 4)
        .toString(),
    ).toBe('%PDF');

    // Generate, then copy the link.
    await page.getByRole('button', { name: 'Générer Lien' }).click();
    await toast(page, 'Le lien a été généré avec succès. Vous pouvez maintenant le copier.').waitFor();
    await page.getByText("Date d'expiration").waitFor();
    expect(await status.textContent()).toBe('Vidéo envoyée');
    await page.getByRole('button', { name: 'Copier Lien' }).click();
    await toast(page, 'Lien copié dans le presse-papier!').waitFor();
    const link = await page.evaluate(() => navigator.clipboard.readText());
    expect(link).toMatch(new RegExp(`^${baseUrl()}/api/Video/public/[0-9a-f]{32}$`));
    expect(await page.inputValue('#prop-share-link')).toBe(link);

    // Inline description edit (the badge reloads after this change, without a page reload).
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.fill('#prop-description', 'Verrière atelier, pose comprise');
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await toast(page, 'Description mise à jour avec succès !').waitFor();
    await page.getByText('Verrière atelier, pose comprise').waitFor();
    const badgeWith = await expectedBadge(page);
    await page.waitForFunction(
      (text) => (document.querySelector('a.nav-link[href="/customers"] .nav-badge')?.textContent ?? null) === text,
      badgeWith,
    );

    // Watch in the page: the video plays and the status becomes 'Vidéo vue' (pushed to the server).
    await page.getByRole('button', { name: 'Regarder Vidéo' }).click();
    await page.locator('.prop-video video').waitFor();
    expect(await playsVideo(page)).toMatchObject({ playing: true, width: 320 });
    expect(await status.textContent()).toBe('Vidéo vue');
    await expect
      .poll(
        async () =>
          (
            await (
              await page.request.get(`/api/Propositions/${propositionId}`, {
                headers: { authorization: `Bearer ${await token(page)}` },
              })
            ).json()
          ).statusName,
      )
      .toBe('Vidéo vue');

    // The link in a fresh context, with no token at all: the customer's page (server/customers/shareLinkPage.ts),
    // whose player plays the video.
    const stranger = await browser.newContext();
    const strangerPage = await stranger.newPage();
    const res = await strangerPage.goto(link);
    expect(res?.status()).toBe(200);
    expect(res?.headers()['content-type']).toMatch(/^text\/html/);
    expect(await strangerPage.evaluate(() => localStorage.length)).toBe(0);
    expect(await playsVideo(strangerPage)).toMatchObject({ playing: true, width: 320 });
    await stranger.close();

    // Delete the customer after the confirmation: propositions and link go too; the badge follows.
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(`**/customers/${customerId}`);
    await page.locator('.page-actions').getByRole('button', { name: 'Supprimer' }).click();
    const dialog = page.locator('.p-confirm-dialog');
    await dialog
      .getByText(
        'Voulez-vous vraiment supprimer ce client ? Cela supprimera toutes les propositions ainsi que les vidéos associées.',
      )
      .waitFor();
    await dialog.getByRole('button', { name: 'Supprimer' }).click();
    await toast(page, 'Client supprimé avec succès !').waitFor();
    await page.waitForURL((u) => u.pathname === '/customers');
    await page.getByRole('searchbox', { name: 'Rechercher un client' }).fill(MAIL);
    await page.getByText('Aucun client trouvé').waitFor();
    await page.waitForFunction(
      (text) => (document.querySelector('a.nav-link[href="/customers"] .nav-badge')?.textContent ?? null) === text,
      badgeBefore,
    );
    expect((await page.request.get(link)).status()).toBe(404);
    await page.goto(`/customers/${customerId}`);
    await page.getByText('Client non trouvé').waitFor();
    await page.getByText('Aucun client trouvé avec cet identifiant.').waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });

  it('shows the customers of a user with the three cards, and the empty state', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    const auth = { authorization: `Bearer ${await token(page)}` };
    const me = (await (await page.request.get('/api/User/current', { headers: auth })).json()).id as number;
    const company = (await (await page.request.get('/api/Customers/forCurrentUser', { headers: auth })).json())
      .$values as Array<{ userId: number }>;
    const vendeur = { userId: company[0].userId };
    const manager = { userId: me };
    await page.goto(`/users/${vendeur.userId}/customers`);
    await page.getByRole('heading', { name: 'Liste des Clients' }).waitFor();
    await page.locator('.cust-table tbody tr').first().waitFor();
    const list = (await (await page.request.get(`/api/Customers/forUser/${vendeur.userId}`, { headers: auth })).json())
      .$values as Array<{ propositionCount: number }>;
    const stat = (label: string) => page.getByRole('group', { name: label }).locator('.stat-value').textContent();
    expect(await stat('Total Clients')).toBe(String(list.length));
    expect(await stat('Total Propositions')).toBe(String(list.reduce((s, c) => s + c.propositionCount, 0)));
    expect(await stat('Clients Actifs')).toBe(String(list.filter((c) => c.propositionCount > 0).length));
    for (const header of ['Client', 'Email', 'Date de création', 'Propositions']) {
      await page.locator('.cust-table th', { hasText: header }).first().waitFor();
    }
    await page.goto(`/users/${manager.userId}/customers`);
    await page.getByText('Aucun client trouvé').waitFor();
    await page.getByText("Cet utilisateur n'a pas encore de clients assignés").waitFor();
    await context.close();
  });

  it("opens a demo proposition without video: 'Aucune vidéo', no video nor link button", async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    const auth = { authorization: `Bearer ${await token(page)}` };
    const customers = (await (await page.request.get('/api/Customers/forCurrentUser', { headers: auth })).json())
      .$values as Array<{ customerId: number; propositionCount: number }>;
    let target: number | undefined;
    for (const c of customers.filter((x) => x.propositionCount > 0)) {
      const detail = await (await page.request.get(`/api/Customers/${c.customerId}`, { headers: auth })).json();
      target = detail.propositions.find((p: { cheminVideo: string | null }) => !p.cheminVideo)?.propositionId;
      if (target) break;
    }
    expect(target).toBeDefined();
    await page.goto(`/proposition/${target}`);
    await page.getByRole('button', { name: 'Télécharger PDF' }).waitFor();
    expect(await page.locator('.prop-grid [data-status]').textContent()).toBe('Aucune vidéo');
    expect(await page.getByRole('button', { name: 'Regarder Vidéo' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Générer Lien' }).count()).toBe(0);
    await page.goto('/proposition/999999');
    await page.getByRole('heading', { name: 'Erreur' }).waitFor();
    await page.getByText('Erreur lors de la récupération des données').waitFor();
    await context.close();
  });
});
