// PrimeReact's <style> elements are written once (src/app/stableStyles.ts): mounting components of new kinds
// adds their own styles but never rewrites one already there, which would make Chromium recompute the
// style and layout of the whole page (bench/notes.md, fifteenth pass).
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

describe("PrimeReact's styles", () => {
  it('are not rewritten when other components mount, and keep their text', async () => {
    const { page, context, errors } = await newPage(browser, { serviceWorkers: 'block' });
    await signIn(page, 'admin@demo.fr');
    await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
    // Every replacement of the text of a PrimeReact style element already in the page, by its name.
    await page.evaluate(() => {
      const rewrites: string[] = [];
      (window as unknown as { rewrites: string[] }).rewrites = rewrites;
      new MutationObserver((list) => {
        for (const m of list) {
          const name = (m.target as Element).getAttribute?.('data-primereact-style-id');
          if (name && m.type === 'childList' && m.removedNodes.length > 0) rewrites.push(name);
        }
      }).observe(document.head, { subtree: true, childList: true, characterData: true });
    });
    const texts = () =>
      page.evaluate(() =>
        Object.fromEntries(
          [...document.querySelectorAll('style[data-primereact-style-id]')].map((s) => [
            s.getAttribute('data-primereact-style-id'),
            s.textContent?.length ?? 0,
          ]),
        ),
      );
    const before = await texts();
    expect(before.base).toBeGreaterThan(0);

    // Components of other kinds, each mounting PrimeReact's shared styles again: the customers' table and
    // its paginator, then the new customer's form.
    await page.locator('nav[aria-label="Navigation principale"] a[href="/customers"]').click();
    await page.locator('.p-datatable tbody tr').first().waitFor();
    await page.getByRole('button', { name: 'Ajouter un client' }).click();
    await page.getByRole('heading', { name: 'Nouveau client' }).waitFor();

    const after = await texts();
    expect(Object.keys(after).length).toBeGreaterThan(Object.keys(before).length);
    expect(await page.evaluate(() => (window as unknown as { rewrites: string[] }).rewrites)).toEqual([]);
    // The styles already there keep their text.
    for (const [name, length] of Object.entries(before)) expect(after[name], name).toBe(length);
    expect(errors).toEqual([]);
    await context.close();
  });
});
