// The rows editor of the models, subdivisions and palette pages (docs/architecture.md, "List pages"): each
// row's message beside its field with the focus on the first, and leaving with something typed asks first
// ("Rester" keeps the rows, "Quitter" drops them); a row only added, or a palette left as it came, does not.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

async function firstProduct(page: Page) {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/GroupeModel', { headers: { authorization: `Bearer ${token}` } });
  return ((await res.json()).$values as Array<{ idGroupeModel: number }>)[0].idGroupeModel;
}
const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Quitter sans enregistrer ?' });
const focusedLabel = (page: Page) => page.evaluate(() => document.activeElement?.getAttribute('aria-label'));

describe('rows editor', () => {
  it('/sousdiv: messages beside their rows, and leaving asks once something is typed', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    const groupId = await firstProduct(page);
    await page.goto(`/sousdiv?groupId=${groupId}`);
    await page.getByLabel('Nom de la subdivision 1').waitFor();

    // A row only added is nothing to lose: leaving does not ask.
    await page.getByRole('button', { name: 'Ajouter une subdivision' }).click();
    await page.getByRole('button', { name: 'Valider' }).click();
    expect(await page.getByText('Le nom de la subdivision est requis').count()).toBe(2);
    expect(await focusedLabel(page)).toBe('Nom de la subdivision 1');
    await page.locator('a.nav-link[href="/customers"]').click();
    await page.waitForURL('**/customers');

    await page.goto(`/sousdiv?groupId=${groupId}`);
    await page.getByLabel('Nom de la subdivision 1').fill('Petit');
    await page.getByRole('button', { name: 'Ajouter une subdivision' }).click();
    await page.getByLabel('Tailles concernées 2').fill('40 cm');
    await page.getByRole('button', { name: 'Valider' }).click();
    expect(await page.getByText('Le nom de la subdivision est requis').count()).toBe(1);
    expect(await focusedLabel(page)).toBe('Nom de la subdivision 2');

    await page.locator('a.nav-link[href="/customers"]').click();
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).pathname).toBe('/sousdiv');
    expect(await page.getByLabel('Nom de la subdivision 1').inputValue()).toBe('Petit');
    await page.locator('a.nav-link[href="/customers"]').click();
    await leaveDialog(page).getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL('**/customers');
    expect(errors).toEqual([]);
    await context.close();
  });

  it('/nuancier: a bad colour is said beside it; "Retour" asks only once something is typed', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'manager@demo.fr');
    const groupId = await firstProduct(page);
    await page.goto(`/nuancier?groupId=${groupId}`);
    await page.getByRole('button', { name: 'Retour' }).click();
    await page.waitForURL(`**/options?groupId=${groupId}`);

    await page.goto(`/nuancier?groupId=${groupId}`);
    await page.getByLabel('Valeur de la couleur 1').fill('#12');
    await page.getByRole('button', { name: 'Enregistrer le nuancier' }).click();
    await page.getByText('Le nom du nuancier est requis').waitFor();
    await page.getByText('Couleur invalide (format #RRGGBB)').waitFor();
    await page.getByText('Le nom de la couleur est requis').waitFor();
    expect(await page.evaluate(() => document.activeElement?.id)).toBe('nuancier-name');
    await page.getByRole('button', { name: 'Retour' }).click();
    await leaveDialog(page).getByRole('button', { name: 'Rester' }).click();
    expect(new URL(page.url()).pathname).toBe('/nuancier');
    expect(await page.getByLabel('Valeur de la couleur 1').inputValue()).toBe('#12');
    expect(errors).toEqual([]);
    await context.close();
  });
});
