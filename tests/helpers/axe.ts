// axe-core's rules on a page as it is now, through Lighthouse's snapshot mode (axe-core itself is MPL-2.0,
// a licence the project does not take as a direct dependency; Lighthouse ships it). Used by
// tests/e2e/a11y.test.ts and the public pages' own tests.
import { snapshot } from 'lighthouse';
import type { Page } from 'puppeteer-core';

/** The serious or critical violations of the page as it is now, one line each with the nodes. */
export async function violations(page: Page): Promise<string[]> {
  const result = await snapshot(page, {
    config: {
      extends: 'lighthouse:default',
      settings: { onlyCategories: ['accessibility'], formFactor: 'desktop', screenEmulation: { disabled: true } },
    },
  });
  const lhr = result!.lhr;
  return lhr.categories.accessibility.auditRefs
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a.score === 0)
    .filter((a) =>
      ['serious', 'critical'].includes(
        (a.details as { debugData?: { impact?: string } } | undefined)?.debugData?.impact ?? '',
      ),
    )
    .map((a) => {
      const items = (a.details as { items?: Array<{ node?: { selector?: string } }> }).items ?? [];
      return `${a.id}: ${items.map((i) => i.node?.selector).join(', ')}`;
    });
}
