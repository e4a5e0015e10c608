// A list's search, sort and page live in the URL (docs/architecture.md, "List pages"): Back from a customer
// returns to the same search, sort and page; typing a search adds no history entry per key; a link with
// values the list does not know shows the list as it is by default.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const stamp = Date.now().toString().slice(-6);
const PRENOMS = ['Alix', 'Basile', 'Céleste', 'Damien', 'Eliane', 'Fabien', 'Gaelle', 'Hector', 'Iris'];
const PRENOMS2 = ['Jules', 'Katia', 'Lucien', 'Maelle'];
/** 13 customers whose mails share a search word: two pages of ten. */
const MAILS = Array.from({ length: 13 }, (_, i) => `liste.${stamp}.${String(i + 1).padStart(2, '0')}@exemple.fr`);

const auth = async (page: Page) => ({
  authorization: `Bearer ${await page.evaluate(() => localStorage.getItem('token') ?? '')}`,
});
const mailsShown = (page: Page) => page.locator('.cust-table tbody tr td:nth-child(2)').allTextContents();
const historyLength = (page: Page) => page.evaluate(() => history.length);

describe('list state in the URL', () => {
  const created: number[] = [];
  afterAll(async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    const headers = await auth(page);
    for (const id of created) await page.request.delete(`/api/Customers/${id}`, { headers });
    await context.close();
  });

  it('search, sort and page 2 of /customers, a customer opened, Back: the same list', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    const headers = await auth(page);
    for (const [i, mail] of MAILS.entries()) {
      const res = await page.request.post('/api/Customers/NewCustomer', {
        headers,
        data: {
          nom: 'Pagination',
          prenom: [...PRENOMS, ...PRENOMS2][i],
          mail,
          mobile: `07${String(10000000 + i).slice(0, 8)}`,
          compagny: 'Liste et Fils',
        },
      });
      expect(res.status()).toBe(201);
      created.push(((await res.json()) as { customerId: number }).customerId);
    }

    await page.goto('/customers');
    await page.locator('.cust-table a.row-link').first().waitFor();
    const search = page.getByRole('searchbox', { name: 'Rechercher un client' });
    const before = await historyLength(page);
    await search.pressSequentially(`liste.${stamp}`);
    await page.waitForURL((u) => u.searchParams.get('q') === `liste.${stamp}`);
    expect(await historyLength(page)).toBe(before);

    // Email, ascending then descending; then the second page.
    const email = page.locator('.cust-table th', { hasText: 'Email' });
    await email.click();
    await page.waitForURL((u) => u.searchParams.get('ordre') === 'asc');
    await expect.poll(() => mailsShown(page)).toEqual(MAILS.slice(0, 10));
    await email.click();
    await page.waitForURL((u) => u.searchParams.get('ordre') === 'desc');
    await page.locator('.p-paginator-page', { hasText: '2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    const secondPage = [...MAILS].reverse().slice(10);
    await expect.poll(() => mailsShown(page)).toEqual(secondPage);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual({
      q: `liste.${stamp}`,
      tri: 'mail',
      ordre: 'desc',
      page: '2',
    });

    await page.locator('.cust-table tbody tr', { hasText: secondPage[0] }).click();
    await page.waitForURL((u) => /^\/customers\/\d+$/.test(u.pathname));
    await page.getByRole('heading', { name: 'Céleste Pagination' }).waitFor();
    await page.goBack();
    await page.waitForURL((u) => u.pathname === '/customers');
    expect(page.url()).toBe(url.href);
    await page.locator('.cust-table tbody tr', { hasText: secondPage[0] }).waitFor();
    await expect.poll(() => mailsShown(page)).toEqual(secondPage);
    expect(await search.inputValue()).toBe(`liste.${stamp}`);
    expect(await page.locator('.p-paginator-page.p-highlight').textContent()).toBe('2');
    expect(await page.locator('.cust-table th[aria-sort]', { hasText: 'Email' }).getAttribute('aria-sort')).toBe(
      'descending',
    );

    // Back once more: the first page of the same search and order; a new search shows its first page.
    await page.goBack();
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await expect.poll(() => mailsShown(page)).toEqual([...MAILS].reverse().slice(0, 10));
    await page.locator('.p-paginator-page', { hasText: '2' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await search.fill(`liste.${stamp}.1`);
    await page.waitForURL((u) => !u.searchParams.has('page'));
    await expect.poll(() => mailsShown(page)).toEqual(MAILS.slice(9).reverse());
    expect(errors).toEqual([]);
    await context.close();
  });

  it('values the list does not know fall back to its defaults', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/customers?tri=motDePasse&ordre=vers-le-haut&page=-3&lignes=7');
    await page.locator('.cust-table a.row-link').first().waitFor();
    expect(await page.locator('.p-paginator-page.p-highlight').textContent()).toBe('1');
    expect(
      await page.locator('.cust-table th[aria-sort]', { hasText: 'Date de création' }).getAttribute('aria-sort'),
    ).toBe('descending');
    // A page past the end shows the last one.
    await page.goto(`/customers?q=liste.${stamp}&page=99`);
    await page.locator('.p-paginator-page.p-highlight', { hasText: '2' }).waitFor();
    expect(errors).toEqual([]);
    await context.close();
  });
});
