// Lighthouse on the first impression (docs/performance.md): accessibility 100, best practices 100 and a
// cumulative layout shift of at most 0.02, each page audited once in a fresh profile. These do not depend
// on how fast the machine is; the performance score does (the same build scores 70-100 from one host to
// another), so it is reported by the benchmark (bench/lighthouse.ts), never gated here.
import { describe, expect, it } from 'vitest';

import { baseUrl } from '../helpers/e2e';
import { AUDITED_AS, type AuditedPage, auditGates, type Budget, budgetFailures } from '../helpers/lighthouse';

const BUDGET: Budget = { accessibility: 100, bestPractices: 100, cls: 0.02 };

const PAGES: AuditedPage[] = [
  { path: '/login', formFactor: 'desktop' },
  { path: '/login', formFactor: 'mobile' },
  { path: '/dashboard', formFactor: 'desktop', as: AUDITED_AS['/dashboard'] },
  { path: '/customers', formFactor: 'desktop', as: AUDITED_AS['/customers'] },
];

describe('Lighthouse', () => {
  it.each(PAGES)(
    '$path ($formFactor): accessibility 100, best practices 100, CLS at most 0.02',
    async (page) => {
      expect(budgetFailures(await auditGates(baseUrl(), page), BUDGET)).toEqual([]);
    },
    300_000,
  );
});
