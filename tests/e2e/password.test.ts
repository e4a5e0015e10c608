// 'Modifier mon mot de passe' in Chromium as a Vendeur (docs/permissions.md): the current password is
// asked, a wrong one and a weak new one are told in French, success keeps the session going and the new
// password signs in. And a Vendeur does not see the catalogue's structure or company settings controls.
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, DEMO_PASSWORD, newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
const stamp = Date.now().toString().slice(-6);
const MAIL = `hugo.perrin.${stamp}@maison-lumiere.fr`;
const NEW_PASSWORD = 'Renouvele#2026';

async function api(method: string, path: string, token: string | null, body?: unknown) {
  const res = await fetch(`${baseUrl()}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

/** A fresh Vendeur of Maison Lumière with a licence in force: the demo accounts stay as other files expect. */
async function freshVendeur(): Promise<void> {
  const admin = (
    await api('POST', '/api/Auth/backoffice/login', null, { mail: 'admin@demo.fr', password: DEMO_PASSWORD })
  ).json.token;
  const ents = (await api('GET', '/api/Entreprise', admin)).json.$values as Array<{
    nomEntreprise: string;
    entrepriseId: number;
  }>;
  const roles = (await api('GET', '/api/User/roles', admin)).json.$values as Array<{ nomRole: string; roleId: number }>;
  const created = await api('POST', '/api/User/create', admin, {
    EntrepriseId: ents.find((e) => e.nomEntreprise === 'Maison Lumière')!.entrepriseId,
    RoleId: roles.find((r) => r.nomRole === 'Vendeur')!.roleId,
    Nom: 'Perrin',
    Prenom: 'Hugo',
    Mail: MAIL,
    Password: DEMO_PASSWORD,
    ManagerId: null,
    Fonction: null,
    Mobile: '0611223344',
    IsActive: true,
  });
  expect(created.status).toBe(201);
  const type = (await api('GET', '/api/TypeLicence', admin)).json.$values[0].typeLicenceId;
  const licence = await api('POST', '/api/Licence', admin, {
    UserId: created.json.userId,
    TypeLicenceId: type,
    LicenceKey: `E2E-${stamp}`,
    DateActivation: new Date(Date.now() - 86_400_000).toISOString(),
    DateExpiration: new Date(Date.now() + 30 * 86_400_000).toISOString(),
  });
  expect(licence.status).toBe(201);
}

beforeAll(async () => {
  browser = await openBrowser();
  await freshVendeur();
});
afterAll(() => browser?.close());

describe('Modifier mon mot de passe (Vendeur)', () => {
  it('asks the current password, tells a wrong one and a weak new one, then changes it and keeps the session', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, MAIL);
    await page.getByRole('button', { name: 'Modifier mon mot de passe' }).click();
    const dialog = page.getByRole('dialog', { name: 'Modifier mon mot de passe' });
    await dialog.waitFor();

    // Nothing typed: each field tells what it needs, before any call.
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Mot de passe actuel requis' }).waitFor();
    await dialog.getByRole('alert').filter({ hasText: 'Mot de passe requis' }).waitFor();

    await dialog.locator('#own-currentPassword').fill('Mauvais!2026pass');
    await dialog.locator('#own-newPassword').fill('court');
    await dialog.locator('#own-confirmation').fill('court');
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Mot de passe invalide (10 à 255 caractères)' }).waitFor();

    // A wrong current password is the server's answer, shown on its field.
    await dialog.locator('#own-newPassword').fill(NEW_PASSWORD);
    await dialog.locator('#own-confirmation').fill(NEW_PASSWORD);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await dialog.getByRole('alert').filter({ hasText: 'Mot de passe actuel incorrect' }).waitFor();

    await dialog.locator('#own-currentPassword').fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Enregistrer' }).click();
    await page.getByText('Mot de passe mis à jour avec succès !').waitFor();
    await dialog.waitFor({ state: 'hidden' });

    // The fresh token replaced the old one: the session goes on after a reload.
    await page.goto('/customers');
    await page.reload();
    await page.getByText('Se déconnecter').waitFor();
    expect(new URL(page.url()).pathname).toBe('/customers');
    expect(errors).toEqual([]);

    // The old password no longer signs in; the new one does.
    const old = await api('POST', '/api/Auth/backoffice/login', null, { mail: MAIL, password: DEMO_PASSWORD });
    expect(old.status).toBe(401);
    const other = await newPage(browser);
    await signIn(other.page, MAIL, NEW_PASSWORD);
    await other.context.close();
    await context.close();
  });
});

describe('catalogue structure and company settings by role', () => {
  it('a Vendeur sees neither category management nor the catalogue validation', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/catalogue');
    await page.getByRole('button', { name: 'Créer un produit' }).waitFor();
    expect(await page.getByRole('button', { name: 'Gestion des catégories' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: 'Ajouter Nuancier' }).count()).toBe(0);
    await page.goto('/creer-categorie');
    await page.getByRole('heading', { name: 'Gestion des catégories' }).waitFor();
    await page.getByRole('table', { name: 'Catégories' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter catégorie' }).count()).toBe(0);
    expect(await page.getByRole('button', { name: /^Supprimer/ }).count()).toBe(0);
    await context.close();
  });

  it('a Manager manages categories but does not validate the catalogue', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    await page.goto('/catalogue');
    await page.getByRole('button', { name: 'Gestion des catégories' }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter Nuancier' }).count()).toBe(0);
    await page.goto('/creer-categorie');
    await page.getByRole('button', { name: 'Ajouter catégorie' }).waitFor();
    await context.close();
  });
});
