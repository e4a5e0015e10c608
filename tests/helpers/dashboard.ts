// The dashboard's four stat figures, as the end-to-end tests read them.
import type { Page } from 'playwright-core';

export const STAT_LABELS = ['Nombre de consultation du modèle', 'Interactions 3D', 'Essais AR', 'Taux de conversion'];

export const statValue = (page: Page, label: string) =>
  page.locator(`[role="group"][aria-label="${label}"] .stat-value`);

/** Waits until the four figures are shown (no spinner) and returns their texts. */
export async function figureTexts(page: Page): Promise<string[]> {
  await page.waitForFunction(
    (labels) =>
      labels.every((l) => {
        const el = document.querySelector(`[role="group"][aria-label="${l}"] .stat-value`);
        return el && el.getAttribute('aria-busy') !== 'true' && /\d/.test(el.textContent ?? '');
      }),
    STAT_LABELS,
    { timeout: 60_000 },
  );
  return Promise.all(STAT_LABELS.map(async (l) => (await statValue(page, l).textContent()) ?? ''));
}
