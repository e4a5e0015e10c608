// Notes on the "Évolution" chart (docs/dashboard.md, "Notes"): a Directeur adds one from the dashboard, the
// chart marks it and the list numbers it; an empty note is refused in French; a Vendeur reads it without
// the form; the Directeur deletes it.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { tokenOf } from '../helpers/routeTable';

let browser: Browser;
const TEXT = 'Campagne Instagram (test des notes)';

async function notesOf(token: string): Promise<Array<{ id: number; texte: string }>> {
  const headers = { authorization: `Bearer ${token}` };
  const { entrepriseId } = (await (await fetch(`${baseUrl()}/api/User/current`, { headers })).json()) as {
    entrepriseId: number;
  };
  const res = await fetch(`${baseUrl()}/api/Annotation/Entreprise/${entrepriseId}`, { headers });
  return ((await res.json()) as { $values: Array<{ id: number; texte: string }> }).$values;
}

async function openNotes(page: Page, mail: string) {
  await signIn(page, mail);
  const heading = page.getByRole('heading', { name: 'Notes du graphique' });
  await heading.scrollIntoViewIfNeeded();
  await page.locator('.chart-notes:not([aria-busy])').waitFor();
}

beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(async () => {
  // The shared e2e database keeps no note for the other files.
  const directeur = await tokenOf(baseUrl(), 'directeur@demo.fr');
  for (const n of await notesOf(directeur))
    if (n.texte === TEXT)
      await fetch(`${baseUrl()}/api/Annotation/${n.id}`, {
        method: 'DELETE',
        headers: { authorization: `Bearer ${directeur}` },
      });
  await browser?.close();
});

describe('notes on the time chart', () => {
  it('a Directeur adds one: listed with its number, marked on the chart; an empty one is refused', async () => {
    const { page, errors } = await newPage(browser);
    await openNotes(page, 'directeur@demo.fr');
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    await page.getByText('Le texte de la note est obligatoire').waitFor();
    expect(await page.getByLabel('Note', { exact: true }).getAttribute('aria-invalid')).toBe('true');

    await page.getByLabel('Note', { exact: true }).fill(TEXT);
    await page.getByRole('button', { name: 'Ajouter la note' }).click();
    const item = page.locator('.chart-notes-list li', { hasText: TEXT });
    await item.waitFor();
    const position = await page
      .locator('.chart-notes-list li')
      .evaluateAll((items, text) => items.findIndex((li) => li.textContent?.includes(text)) + 1, TEXT);
    // The chart says where its marks are, numbered as the list is.
    await expect
      .poll(() => page.locator('.uplot-box[aria-label^="Évolution"]').getAttribute('aria-label'))
      .toMatch(new RegExp(`Notes : .*\\b${position} sur `));
    expect((await notesOf(await tokenOf(baseUrl(), 'directeur@demo.fr'))).some((n) => n.texte === TEXT)).toBe(true);
    expect(errors).toEqual([]);
  });

  it('a Vendeur reads it, without the form or the delete button', async () => {
    const { page } = await newPage(browser);
    await openNotes(page, 'vendeur@demo.fr');
    await page.locator('.chart-notes-list li', { hasText: TEXT }).waitFor();
    expect(await page.getByRole('button', { name: 'Ajouter la note' }).count()).toBe(0);
    expect(await page.locator('.chart-notes-list button').count()).toBe(0);
  });

  it('the Directeur deletes it after confirming', async () => {
    const { page } = await newPage(browser);
    await openNotes(page, 'directeur@demo.fr');
    const item = page.locator('.chart-notes-list li', { hasText: TEXT });
    await item.getByRole('button', { name: /^Supprimer la note du / }).click();
    await page.locator('.p-dialog').getByRole('button', { name: 'Supprimer' }).click();
    await item.waitFor({ state: 'detached' });
    expect((await notesOf(await tokenOf(baseUrl(), 'directeur@demo.fr'))).some((n) => n.texte === TEXT)).toBe(false);
  });
});
