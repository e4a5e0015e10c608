// Lighthouse budgets of the first impression (docs/performance.md): the median of three runs of each page,
// Lighthouse's simulated throttling, a fresh profile per run. A page over budget fails with the audits
// that broke it.
import { describe, expect, inject, it } from 'vitest';
import { auditMedian, budgetFailures, clsOf, score, type AuditedPage, type Budget } from './audit';

const DESKTOP: Budget = { performance: 95, accessibility: 100, bestPractices: 100, cls: 0.02 };
const MOBILE: Budget = { ...DESKTOP, performance: 90 };

const PAGES: Array<AuditedPage & { budget: Budget }> = [
  { path: '/login', formFactor: 'desktop', budget: DESKTOP },
  { path: '/login', formFactor: 'mobile', budget: MOBILE },
  { path: '/dashboard', formFactor: 'desktop', as: 'directeur@grand-mobilier.fr', budget: DESKTOP },
  { path: '/customers', formFactor: 'desktop', as: 'vendeur@demo.fr', budget: DESKTOP },
];

describe('Lighthouse budgets', () => {
  it.each(PAGES)('$path ($formFactor) holds its budget on the median of 3 runs', async (page) => {
    const { median, all } = await auditMedian(inject('baseUrl'), page);
    const runs = all.map((r) => `${score(r, 'performance')}/${score(r, 'accessibility')}/${score(r, 'best-practices')}/CLS ${clsOf(r).toFixed(3)}`);
    console.log(`${page.path} ${page.formFactor}: runs (perf/a11y/bp/CLS) ${runs.join(' · ')}`);
    expect(budgetFailures(median, page.budget)).toEqual([]);
  }, 240_000);
});
