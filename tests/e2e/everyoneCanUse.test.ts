// Issue 16 §3 in Chromium: rows are links (keyboard, middle-click), focus goes to the first invalid field
// after a failed submit, the user list (sortable, one card per role, who cannot sign in), and the frame
// below 1024 px (a "Menu" button) and at 390 px (nothing wider than the screen).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { baseUrl, newPage, openBrowser, signIn } from '../helpers/e2e';
import { routePaths, tokenOf } from '../helpers/routeTable';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

const focusedId = (page: Page) => page.evaluate(() => document.activeElement?.id ?? '');

describe('rows are links', () => {
  it('/customers: Tab reaches a row, Enter opens it; a middle-click opens it in a new tab', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.goto('/customers');
    const link = page.locator('.cust-table tbody tr a.row-link').first();
    await link.waitFor();
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^\/customers\/\d+$/);
    await link.focus();
    // The focus ring is drawn around the row (the link's ::after covers it).
    const ring = await link.evaluate((a) => getComputedStyle(a, '::after').outlineStyle);
    expect(ring).toBe('solid');
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => u.pathname === href);

    await page.goBack();
    const again = page.locator(`.cust-table a.row-link[href="${href}"]`);
    await again.waitFor();
    const [tab] = await Promise.all([context.waitForEvent('page'), again.click({ button: 'middle' })]);
    await tab.waitForURL((u) => u.pathname === href);
    expect(new URL(page.url()).pathname).toBe('/customers');
    // A click anywhere on the row (here on its e-mail cell) opens it too.
    const cell = (await page.locator('.cust-table tbody tr').first().locator('td').nth(1).boundingBox())!;
    await page.mouse.click(cell.x + cell.width / 2, cell.y + cell.height / 2);
    await page.waitForURL((u) => /^\/customers\/\d+$/.test(u.pathname));
    await context.close();
  });

  it('/users: Enter on a row opens the user', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.goto('/users');
    const link = page.locator('.users-table a.row-link', { hasText: 'Denis Lefèvre' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL((u) => /^\/users\/\d+\/detailsCopy$/.test(u.pathname));
    await context.close();
  });
});

describe('the user list', () => {
  it('one card per role adding up to the total, sortable columns, a marker for who cannot sign in', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');
    await page.goto('/users');
    // A row link, not any row: while loading the table shows its empty-message row.
    await page.locator('.users-table a.row-link').first().waitFor();
    const card = async (label: string) =>
      Number(await page.locator('.stat-card', { hasText: label }).locator('.stat-value').textContent());
    const total = await card('Total');
    expect(
      (await card('Administrateurs')) +
        (await card('Directeurs')) +
        (await card('Managers')) +
        (await card('Vendeurs')),
    ).toBe(total);
    expect(await page.locator('.users-table tbody tr').count()).toBe(total);

    const row = (name: string) => page.locator('.users-table tbody tr', { hasText: name });
    await row('Inès Moreau').locator('.user-flag', { hasText: 'Désactivé' }).waitFor();
    await row('Arthur Petit').locator('.user-flag', { hasText: 'Sans licence en vigueur' }).waitFor(); // licence not yet activated
    expect(await row('Denis Lefèvre').locator('.user-flag').count()).toBe(0);
    expect(await row('Alice Martin').locator('.user-flag').count()).toBe(0); // Admin: no licence needed

    const emails = () => page.locator('.users-table tbody tr td:nth-child(2)').allTextContents();
    // The sort goes through the URL (docs/architecture.md, "List pages"): the rows follow a moment later.
    const sorted = (xs: string[]) => [...xs].sort((a, b) => a.localeCompare(b));
    await page.locator('.users-table th', { hasText: 'Email' }).click();
    await expect
      .poll(async () => {
        const e = await emails();
        return e.join() === sorted(e).join();
      })
      .toBe(true);
    const up = await emails();
    await page.locator('.users-table th', { hasText: 'Email' }).click();
    await expect.poll(emails).toEqual([...up].reverse());
    await context.close();
  });
});

describe('focus goes to the first invalid field after a failed submit', () => {
  it('customer creation, user creation, category, product', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'admin@demo.fr');

    await page.goto('/customers/create');
    await page.fill('#customer-nom', 'Durand');
    await page.getByRole('button', { name: 'Ajouter le client' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'customer-prenom');

    await page.goto('/UserCreateFormulaire');
    await page.locator('.p-dropdown:has(#entreprise)').click();
    await page.locator('.p-dropdown-item', { hasText: 'Maison Lumière' }).first().click();
    await page.fill('#fonction', 'Conseiller');
    await page.getByRole('button', { name: "Créer l'utilisateur" }).click();
    await page.waitForFunction(
      () => !!document.activeElement?.closest('.form-field') && document.activeElement !== document.body,
    );
    const first = await page.evaluate(
      () => document.activeElement?.closest('.form-field')?.querySelector('label')?.textContent,
    );
    const firstInvalidLabel = await page.evaluate(
      () =>
        document
          .querySelector('form .p-invalid, form [aria-invalid="true"]')
          ?.closest('.form-field')
          ?.querySelector('label')?.textContent,
    );
    expect(first).toBe(firstInvalidLabel);

    await page.goto('/creer-categorie');
    await page.getByRole('button', { name: 'Ajouter catégorie' }).click();
    await page.waitForFunction(() => document.activeElement?.id === 'category-name');

    await page.goto('/products');
    await page.fill('#product-name', 'Lampe');
    await page.getByRole('button', { name: 'Créer le produit' }).click();
    await page.waitForFunction(
      () => document.activeElement?.closest('.p-dropdown')?.querySelector('#product-category') !== null,
    );
    expect(await focusedId(page)).toBe('product-category');
    await context.close();
  });
});

describe('narrow screens', () => {
  it('below 1024 px the sidebar is behind "Menu" (Escape closes it, focus back on "Menu"); links close it', async () => {
    const { page, context } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.setViewportSize({ width: 900, height: 800 });
    expect(await page.locator('.sidebar').isVisible()).toBe(false);
    const menu = page.getByRole('button', { name: 'Menu' });
    expect(await menu.getAttribute('aria-expanded')).toBe('false');
    await menu.click();
    await page.locator('.sidebar').waitFor();
    expect(await page.evaluate(() => document.activeElement?.closest('.sidebar') !== null)).toBe(true);
    await page.keyboard.press('Escape');
    await page.locator('.sidebar').waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => document.activeElement?.classList.contains('menu-button'))).toBe(true);
    await menu.click();
    await page.locator('.sidebar a.nav-link[href="/customers"]').click();
    await page.waitForURL((u) => u.pathname === '/customers');
    await page.locator('.sidebar').waitFor({ state: 'hidden' });

    await page.setViewportSize({ width: 1024, height: 800 });
    await page.locator('.sidebar').waitFor();
    expect(await page.locator('.menu-button').isVisible()).toBe(false);
    await context.close();
  });

  it('at 390 px no back-office page is wider than the screen; a phone with a stored session works (no desktop notice)', async () => {
    const phone = {
      viewport: { width: 390, height: 844 },
      userAgent:
        'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.0 Mobile/15E148 Safari/604.1',
      isMobile: true,
      hasTouch: true,
    };
    const { page, context } = await newPage(browser, phone);
    const admin = await tokenOf(baseUrl(), 'admin@demo.fr');
    const paths = (await routePaths(baseUrl(), await tokenOf(baseUrl(), 'vendeur@demo.fr'))).filter(
      (p) => p !== '/login',
    );
    await page.goto('/logo.svg');
    await page.evaluate((t) => localStorage.setItem('token', t), admin);
    const wider: string[] = [];
    for (const path of paths) {
      await page.goto(path);
      await page.locator('.content').waitFor();
      // Some pages keep a request open (a video, the server probe): a short quiet moment is enough.
      await page.waitForLoadState('networkidle', { timeout: 5_000 }).catch(() => undefined);
      const { scroll, width } = await page.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
      }));
      if (scroll > width) wider.push(`${path}: ${scroll}px`);
    }
    expect(wider).toEqual([]);
    expect(await page.getByText('Accès restreint').count()).toBe(0);
    await context.close();
  });
});
