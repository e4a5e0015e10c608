// Lighthouse budgets of the first impression (docs/performance.md): the median of three runs of each page,
// Lighthouse's simulated throttling, a fresh profile per run. A page over budget fails with the audits
// that broke it.
import { execFileSync } from 'node:child_process';
import os from 'node:os';

import { beforeAll, describe, expect, inject, it } from 'vitest';

import {
  AUDITED_AS,
  type AuditedPage,
  auditMedian,
  type Budget,
  budgetFailures,
  clsOf,
  medianRun,
  score,
} from './audit';

const DESKTOP: Budget = { performance: 95, accessibility: 100, bestPractices: 100, cls: 0.02 };

/**
 * The performance score depends on the machine and on what else it runs: `npm test` runs this project
 * alone, before the others, with LIGHTHOUSE_PERF_GATE=1; run by hand without it, the score is printed and
 * does not fail the run. Accessibility, best practices and CLS do not depend on the machine and always
 * fail the run. See docs/performance.md.
 */
const PERF_GATE = process.env.LIGHTHOUSE_PERF_GATE === '1';
const MOBILE: Budget = { ...DESKTOP, performance: 90 };

const PAGES: Array<AuditedPage & { budget: Budget }> = [
  { path: '/login', formFactor: 'desktop', budget: DESKTOP },
  { path: '/login', formFactor: 'mobile', budget: MOBILE },
  { path: '/dashboard', formFactor: 'desktop', as: AUDITED_AS['/dashboard'], budget: DESKTOP },
  { path: '/customers', formFactor: 'desktop', as: AUDITED_AS['/customers'], budget: DESKTOP },
];

describe('Lighthouse budgets', () => {
  // What the machine is doing as the audits start: a low score then says whether the page or the machine
  // was slow (with each run's benchmark index below).
  beforeAll(() => {
    const busiest = execFileSync('ps', ['-eo', 'pcpu,etime,comm', '--sort=-pcpu'], { encoding: 'utf8' })
      .split('\n')
      .slice(1, 6)
      .map((l) => l.trim().replace(/\s+/g, ' '))
      .join(' · ');
    console.log(
      `machine: load ${os
        .loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}; busiest: ${busiest}`,
    );
  });

  it.each(PAGES)(
    '$path ($formFactor) holds its budget on the median of 3 runs',
    async (page) => {
      let { median, all } = await auditMedian(inject('baseUrl'), page);
      // A median under the performance budget is measured again (three more runs, the median of the six):
      // one noisy batch of three should not fail the run, and a page truly over budget stays over.
      if (PERF_GATE && budgetFailures(median, page.budget).some((f) => f.startsWith('performance'))) {
        all = [...all, ...(await auditMedian(inject('baseUrl'), page)).all];
        median = medianRun(all);
      }
      const runs = all.map(
        (r) =>
          `${score(r, 'performance')}/${score(r, 'accessibility')}/${score(r, 'best-practices')}/CLS ${clsOf(r).toFixed(3)}/CPU ${Math.round(r.environment.benchmarkIndex)}`,
      );
      console.log(`${page.path} ${page.formFactor}: runs (perf/a11y/bp/CLS/benchmark index) ${runs.join(' · ')}`);
      const failures = budgetFailures(median, page.budget);
      const [perf, others] = [
        failures.filter((f) => f.startsWith('performance')),
        failures.filter((f) => !f.startsWith('performance')),
      ];
      if (perf.length && !PERF_GATE)
        console.warn(`performance under budget (not gating, LIGHTHOUSE_PERF_GATE unset): ${perf.join('; ')}`);
      expect(PERF_GATE ? failures : others).toEqual([]);
    },
    600_000,
  ); // three runs, each possibly tried again: minutes on a loaded machine
});
