// A switch to a selection computed a moment ago, prepared by the worker beside the view on screen, or a
// product shown in the open list of scopes (its view made ahead while the list shows it, scrolled to too),
// is drawn from inside the click (the page keeps the views it received: src/features/dashboard/viewMemory.ts),
// in the frame that follows the click, after a reload too; any other waits, busy, for the worker's answer.
// The worker's answer, asked silently afterwards, leaves the same figures.
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { choose, figureTexts } from '../helpers/dashboard';
import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

interface AfterClick {
  /** The selection the page says its figures answer (data-drawn-for), null while it waits. */
  drawnFor: string | null;
  busy: boolean;
  figures: string[];
}

/**
 * Waits until the page keeps, ready to draw from inside a click, the view of the selection on screen with
 * `change` applied (data-kept, src/features/dashboard/useDashboardView.ts). The worker prepares those views
 * in the background: a fixed wait (it was a second) is outlasted on a loaded machine, and a view prepared
 * after the next click is dropped, so the test then failed about once in 64 runs.
 */
async function kept(page: Page, change: Record<string, string>): Promise<void> {
  await page.waitForFunction(
    (change) => {
      const norm = (q: string) => {
        const u = new URLSearchParams(q);
        u.sort();
        return u.toString();
      };
      const el = document.querySelector('.dashboard');
      const drawn = el?.getAttribute('data-drawn-for');
      if (!el || !drawn) return false;
      const want = new URLSearchParams(drawn);
      for (const [k, v] of Object.entries(change)) want.set(k, v);
      return (el.getAttribute('data-kept') ?? '').split(' ').map(norm).includes(norm(want.toString()));
    },
    change,
    { timeout: 60_000 },
  );
}

/** The id of a product of the signed-in user's company, by its name (the scope list shows names). */
async function productId(page: Page, name: string): Promise<string> {
  const token = await page.evaluate(() => localStorage.getItem('token'));
  const headers = { Authorization: `Bearer ${token}` };
  const me = (await (await page.request.get('/api/User/current', { headers })).json()) as { entrepriseId: number };
  const answer = (await (await page.request.get(`/api/Produit/Entreprise/${me.entrepriseId}`, { headers })).json()) as
    Array<{ produitId: number; nomProduit: string }> | { $values: Array<{ produitId: number; nomProduit: string }> };
  const list = Array.isArray(answer) ? answer : answer.$values;
  return String(list.find((p) => p.nomProduit === name)!.produitId);
}

/**
 * Opens the dropdown, then clicks the option and reads the page once React has rendered the click (the
 * microtask after it), before any message from the worker can be handled. `keptFirst`: with the list open,
 * waits until the page keeps the view of that change (a user reads the open list a moment before choosing).
 */
async function clickAndRead(
  page: Page,
  inputId: string,
  text: string,
  keptFirst?: Record<string, string>,
): Promise<AfterClick> {
  await page.locator(`.p-dropdown:has(#${inputId})`).click();
  await page.locator('.p-dropdown-panel li[role="option"]', { hasText: text }).first().waitFor();
  if (keptFirst) await kept(page, keptFirst);
  return chooseAndRead(page, text);
}

/** Clicks the option of the open list and reads the page as clickAndRead does. */
function chooseAndRead(page: Page, text: string): Promise<AfterClick> {
  return page.evaluate(async (option) => {
    const li = [...document.querySelectorAll('.p-dropdown-panel li[role="option"]')].find(
      (el) => el.textContent?.trim() === option,
    ) as HTMLElement;
    li.click();
    await new Promise<void>((resolve) => queueMicrotask(resolve));
    const values = [...document.querySelectorAll('[role="group"] .stat-value')];
    return {
      drawnFor: document.querySelector('.dashboard')?.getAttribute('data-drawn-for') ?? null,
      busy: values.some((el) => el.getAttribute('aria-busy') === 'true'),
      figures: values.map((el) => el.textContent ?? ''),
    };
  }, text);
}

/** The options of the open list wholly in its box, top to bottom. */
function optionsInView(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const box = document.querySelector('.p-dropdown-panel .p-dropdown-items-wrapper')!.getBoundingClientRect();
    return [...document.querySelectorAll('.p-dropdown-panel li[role="option"]')]
      .filter((el) => {
        const r = el.getBoundingClientRect();
        return r.top >= box.top && r.bottom <= box.bottom;
      })
      .map((el) => el.textContent.trim());
  });
}

async function settled(page: Page): Promise<string[]> {
  await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
  await page.locator('.dashboard[data-drawn-for]').waitFor();
  return figureTexts(page);
}

describe('switching selections', () => {
  it('a selection computed or prepared a moment ago is drawn with the click; another one waits for the worker', async () => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, 'vendeur@demo.fr');
    await page.getByText(/Analyse globale de \d+ produits/).waitFor();
    await choose(page, 'dashboard-period', 'Toutes les données');
    const allTime = await settled(page);
    expect(Number(allTime[0].replace(/[^\d]/g, ''))).toBeGreaterThan(1000);
    // The worker prepares the other metrics and periods of this view in the background.
    await kept(page, { metrique: 'engagement' });

    // Another counting is not prepared: right after the click the figures are the old ones, busy, answering
    // no selection.
    const toUnique = await clickAndRead(page, 'dashboard-counting', 'Utilisateurs uniques');
    expect(toUnique.drawnFor).toBeNull();
    expect(toUnique.busy).toBe(true);
    const unique = await settled(page);
    expect(await page.locator('.dashboard').getAttribute('data-drawn-for')).toContain('comptage=unique_users');

    // Back to the total: computed a moment ago, its figures are there as soon as the click is rendered.
    const back = await clickAndRead(page, 'dashboard-counting', "Nombre total d'événements");
    expect(back.drawnFor).toContain('comptage=total');
    expect(back.busy).toBe(false);
    expect(back.figures).toEqual(allTime);
    expect(back.figures).not.toEqual(unique);

    // Another metric of the same period: never shown, but prepared by the worker beside the first view.
    const toEngagement = await clickAndRead(page, 'dashboard-metric', 'Engagement utilisateur', {
      metrique: 'engagement',
    });
    expect(toEngagement.drawnFor).toContain('metrique=engagement');
    expect(toEngagement.busy).toBe(false);

    // The worker, asked afterwards without a busy state, answers the same figures.
    await page.waitForTimeout(300);
    expect(await settled(page)).toEqual(toEngagement.figures);
    await choose(page, 'dashboard-metric', 'Taux de consultation');
    expect(await settled(page)).toEqual(allTime);

    // A product the open list of scopes shows: its view is made ahead while the list is open (a product
    // never chosen, so neither computed nor prepared beside a view), drawn with the click, as the worker
    // answers it.
    await page.locator('.p-dropdown:has(#dashboard-scope)').click();
    const product = (await page.locator('.p-dropdown-panel li[role="option"]').nth(1).textContent())!.trim();
    await page.keyboard.press('Escape');
    const toProduct = await clickAndRead(page, 'dashboard-scope', product, { produit: await productId(page, product) });
    expect(toProduct.drawnFor).toContain('produit=');
    expect(toProduct.busy).toBe(false);
    await page.waitForTimeout(300);
    expect(await settled(page)).toEqual(toProduct.figures);
    expect(toProduct.figures).not.toEqual(allTime);
    await choose(page, 'dashboard-scope', 'Tous les produits');
    expect(await settled(page)).toEqual(allTime);

    // A repeat visit: the view stored beside the one on screen (read back after the versions' 304) is drawn
    // with the click too, as the worker would answer it.
    await page.waitForURL(/metrique=consultation/);
    await page.reload();
    expect(await settled(page)).toEqual(allTime);
    const afterReload = await clickAndRead(page, 'dashboard-metric', 'Utilisation AR', { metrique: 'ar_usage' });
    expect(afterReload.drawnFor).toContain('metrique=ar_usage');
    expect(afterReload.busy).toBe(false);
    expect(errors).toEqual([]);
    await context.close();
  });

  // A product found by scrolling the list, with the wheel (a long list, drawn by a virtual scroller) or the
  // keyboard (a plain one): its view is made once the list stops there.
  it.each([
    ['directeur@grand-mobilier.fr', 'the wheel'],
    ['vendeur@demo.fr', 'the keyboard'],
  ])('a product scrolled to in the list (%s, %s) is drawn with the click', async (mail, by) => {
    const { page, context, errors } = await newPage(browser);
    await signIn(page, mail);
    await page.getByText(/Analyse globale de \d+ produits/).waitFor();
    // All the data, not this month's: on a month's first hours, the company and any product both read 0.
    await choose(page, 'dashboard-period', 'Toutes les données');
    const all = await settled(page);
    await page.locator('.p-dropdown:has(#dashboard-scope)').click();
    const opening = await optionsInView(page);
    if (by === 'the wheel') {
      await page.locator('.p-dropdown-panel .p-dropdown-items-wrapper').hover();
      await page.mouse.wheel(0, 38 * 120);
    } else for (let i = 0; i < 14; i++) await page.keyboard.press('ArrowDown');
    await expect.poll(() => optionsInView(page)).not.toContain(opening[opening.length - 1]);
    const inView = await optionsInView(page);
    await kept(page, { produit: await productId(page, inView[2]) });
    const toProduct = await chooseAndRead(page, inView[2]);
    expect(toProduct.drawnFor).toContain('produit=');
    expect(toProduct.busy).toBe(false);
    await page.waitForTimeout(300);
    expect(await settled(page)).toEqual(toProduct.figures);
    expect(toProduct.figures).not.toEqual(all);
    expect(errors).toEqual([]);
    await context.close();
  });
});
