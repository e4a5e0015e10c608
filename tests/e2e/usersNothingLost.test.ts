// Issue 16 in Chromium, users side: the licence modals show the server's refusal and keep the typed date,
// the date picker speaks French and hides nothing, creation errors carry the server's message.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

async function userId(page: Page, mail: string): Promise<number> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const res = await page.request.get('/api/User', { headers: { authorization: `Bearer ${token}` } });
  const list = (await res.json()).$values as Array<{ userId: number; mail: string }>;
  return list.find((u) => u.mail === mail)!.userId;
}

describe('licences (issue 16 §1.4)', () => {
  it('a past expiry is refused in the modal, which keeps the typed date; the picker says "Maintenant" and covers no button', async () => {
    const { page, errors } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.goto(`/users/${await userId(page, 'manager@demo.fr')}/details`);
    await page.getByRole('heading', { name: /^Licences \(/ }).waitFor();
    await page.getByRole('button', { name: "Modifier la date d'expiration" }).first().click();
    const dialog = page.getByRole('dialog', { name: "Modifier la date d'expiration" });
    const input = dialog.locator('#licence-date');
    await input.click();
    await dialog.getByRole('button', { name: 'Maintenant' }).waitFor();
    expect(await dialog.getByRole('button', { name: 'Now' }).count()).toBe(0);
    // The open panel leaves the modal's buttons visible and clickable (nothing drawn over them).
    const save = dialog.getByRole('button', { name: 'Enregistrer' });
    const onTop = await save.evaluate((el) => {
      const r = el.getBoundingClientRect();
      const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
      return !!hit && el.contains(hit);
    });
    expect(onTop).toBe(true);

    await input.fill('01/01/2020 09:30');
    await input.press('Tab');
    await save.click();
    await dialog.getByText("La date d'expiration ne peut pas être dans le passé").waitFor();
    expect(await dialog.isVisible()).toBe(true);
    expect(await input.inputValue()).toBe('01/01/2020 09:30');
    await dialog.getByRole('button', { name: 'Annuler' }).click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await page.locator('.licence-table td', { hasText: '01/01/2020 09:30' }).count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it("a refused creation shows the shared schema's message beside the key, and focus goes there", async () => {
    const { page } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.goto(`/users/${await userId(page, 'manager@demo.fr')}/details`);
    await page.getByRole('button', { name: 'Ajouter une licence' }).click();
    await page.locator('form[aria-label="Ajouter une licence"] button[type=submit]').click();
    await page.locator('#licence-key-error', { hasText: 'Clé de licence requise' }).waitFor();
    await page.waitForFunction(() => document.activeElement?.id === 'licence-key');
  });
});

describe('a disabled account (issue 16 §2)', () => {
  it('is told its account is disabled, not sent to the licence activation', async () => {
    const { page } = await newPage(browser);
    await page.goto('/login');
    await page.fill('#email', 'inactif@demo.fr');
    await page.fill('#password', 'Demo!2026pass');
    await page.click('button[type=submit]');
    await page.getByRole('alert').filter({ hasText: 'Compte désactivé. Contactez votre administrateur.' }).waitFor();
    expect(await page.getByText('Licence non activée').count()).toBe(0);
  });
});
