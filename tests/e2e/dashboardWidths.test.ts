// The dashboard's words at 1280, 1440 and 1920 px: no header or figure clipped, none cut between a number
// and its unit, the custom period's quick ranges side by side and the year and month hidden. Measured on
// the page as drawn, a custom range with the comparison on (its widest state: the "Évolution" column and
// the previous period under every figure).
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { figureTexts } from '../helpers/dashboard';
import { newPage, openBrowser, signIn } from '../helpers/e2e';

let browser: Browser;
beforeAll(async () => {
  browser = await openBrowser();
});
afterAll(() => browser?.close());

/** What does not fit: texts wider than their box, cut in the middle, or stacked where they should not be. */
async function misfits(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const out: string[] = [];
    /** The lines a text takes (distinct tops of its rectangles). */
    const lines = (el: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      return new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top))).size;
    };
    const inside = (el: Element, box: Element) => {
      const range = document.createRange();
      range.selectNodeContents(el);
      const r = range.getBoundingClientRect();
      const b = box.getBoundingClientRect();
      return r.left >= b.left - 1 && r.right <= b.right + 1;
    };
    const name = (el: Element) => (el.textContent ?? '').trim().slice(0, 40);
    // The ranking's headers: whole words, inside their cell, at most two lines.
    for (const th of document.querySelectorAll('.ranking-table th')) {
      if (!inside(th.querySelector('button') ?? th, th)) out.push(`en-tête coupé : ${name(th)}`);
      if (th.scrollWidth > th.clientWidth + 1) out.push(`en-tête débordant : ${name(th)}`);
      if (lines(th) > 2) out.push(`en-tête sur ${lines(th)} lignes : ${name(th)}`);
    }
    // The stat cards: every text inside its card; the figure and the change each on one line, and the
    // previous value never cut from its number (": 3 944" stays with the word before it).
    for (const card of document.querySelectorAll('.stat-card')) {
      for (const el of card.querySelectorAll('.stat-label, .stat-value, .stat-delta > span')) {
        if (!inside(el, card)) out.push(`hors de la carte : ${name(el)}`);
        if (el.matches('.stat-value, .stat-change') && lines(el) > 1) out.push(`coupé en lignes : ${name(el)}`);
      }
      const previous = card.querySelector('.stat-delta .muted');
      if (previous && /(^|\n)\s*:/.test((previous as HTMLElement).innerText))
        out.push(`« : » seul : ${name(previous)}`);
    }
    // The chart cards' titles and subtitles.
    for (const header of document.querySelectorAll('.chart-card-header')) {
      for (const el of header.children)
        if (!inside(el, header.closest('section')!)) out.push(`titre hors de la carte : ${name(el)}`);
    }
    // The custom period: quick ranges two a line at least, each on one line; year and month hidden.
    const quick = [...document.querySelectorAll('.quick-ranges button')];
    if (quick.length === 0) out.push('pas de périodes rapides');
    const rows = new Set(quick.map((b) => Math.round(b.getBoundingClientRect().top))).size;
    if (quick.length > 1 && rows >= quick.length) out.push(`périodes rapides une par ligne (${rows})`);
    for (const b of quick)
      if (lines(b) > 1 || !inside(b, b.closest('section')!)) out.push(`période coupée : ${name(b)}`);
    for (const id of ['dashboard-year', 'dashboard-month']) {
      const field = document.getElementById(id);
      if (field && field.getBoundingClientRect().height > 0) out.push(`${id} visible en période personnalisée`);
    }
    return out;
  });
}

describe('the dashboard at desktop widths', () => {
  it.each([1280, 1440, 1920])(
    'nothing is clipped, cut or stacked at %i px',
    async (width) => {
      const { page, context, errors } = await newPage(browser, { viewport: { width, height: 1000 } });
      await signIn(page, 'directeur@demo.fr');
      await page.goto('/dashboard?periode=custom&du=2025-03-01&au=2025-03-31&comparer=1');
      await page.locator('.dashboard-progress').waitFor({ state: 'detached', timeout: 60_000 });
      await figureTexts(page);
      await page.locator('.stat-delta .stat-change').first().waitFor();
      // The ranking's table loads when the reader comes near it (RankingSlot.tsx).
      await page.locator('#ranking-title').scrollIntoViewIfNeeded();
      await page.locator('.ranking-table th').first().waitFor();
      await page.locator('.ranking-table tbody tr.ranking-row').first().waitFor();
      expect(await page.locator('.ranking-table th').count()).toBe(7);
      expect(await misfits(page)).toEqual([]);
      expect(errors).toEqual([]);
      await context.close();
    },
    120_000,
  );
});
