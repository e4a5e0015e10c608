// The form idiom in Chromium (docs/architecture.md, "Forms"): a failed submit puts the focus on the first
// invalid field; leaving a changed form asks "Quitter sans enregistrer ?", "Rester" keeps what was typed and
// "Quitter" leaves; an untouched form and a saved one leave without asking.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const leaveDialog = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Quitter sans enregistrer ?' });

describe('customer form', () => {
  it('focuses the first invalid field, and guards unsaved changes', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');

    // Untouched: the sidebar leaves at once.
    await page.goto('/customers/create');
    await page.locator('#customer-nom').waitFor();
    await page.click('a.nav-link[href="/customers"]');
    await page.waitForURL((u) => u.pathname === '/customers');

    await page.goto('/customers/create');
    await page.fill('#customer-prenom', 'Élodie');
    await page.fill('#customer-mail', 'pas-un-email');
    await page.getByRole('button', { name: 'Ajouter le client' }).click();
    await page.getByRole('alert').filter({ hasText: 'Nom requis' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'customer-nom');
    expect(await page.getAttribute('#customer-nom', 'aria-invalid')).toBe('true');
    expect(await page.getAttribute('#customer-nom', 'aria-describedby')).toBe('customer-nom-error');

    // Changed: the sidebar asks; "Rester" keeps the page and what was typed.
    await page.click('a.nav-link[href="/customers"]');
    await leaveDialog(page).waitFor();
    await leaveDialog(page).getByRole('button', { name: 'Rester' }).click();
    await leaveDialog(page).waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/customers/create');
    expect(await page.inputValue('#customer-prenom')).toBe('Élodie');
    expect(await page.inputValue('#customer-mail')).toBe('pas-un-email');

    // "Quitter" leaves.
    await page.click('a.nav-link[href="/customers"]');
    await leaveDialog(page).getByRole('button', { name: 'Quitter' }).click();
    await page.waitForURL((u) => u.pathname === '/customers');

    // Edit: a changed field asks too; once saved, the page leaves without asking.
    await page.locator('.cust-table tbody tr', { hasText: '@' }).first().click();
    await page.waitForURL(/\/customers\/\d+$/);
    const detail = new URL(page.url()).pathname;
    await page.getByRole('button', { name: 'Modifier', exact: true }).click();
    await page.waitForURL('**/customers/edit/*');
    const city = await page.inputValue('#customer-city');
    await page.fill('#customer-city', `${city}x`);
    await page.click('a.nav-link[href="/customers"]');
    await leaveDialog(page).getByRole('button', { name: 'Rester' }).click();
    expect(await page.inputValue('#customer-city')).toBe(`${city}x`);
    await page.fill('#customer-city', city);
    await page.getByRole('button', { name: 'Enregistrer' }).click();
    await page.waitForURL((u) => u.pathname === detail);
    expect(await leaveDialog(page).count()).toBe(0);
    expect(errors).toEqual([]);
    await context.close();
  });
});
