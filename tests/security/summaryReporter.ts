// `npm run test:security` ends with one table: routes covered, matrix cells, generated inputs, faults
// injected and failures (must be 0).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import type { Reporter, TestModule } from 'vitest/node';

import { readStats, STATS_ENV } from './harness/stats';

export default class SecuritySummaryReporter implements Reporter {
  private dir = '';

  onInit() {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-security-stats-'));
    process.env[STATS_ENV] = this.dir;
  }

  onTestRunEnd(modules: ReadonlyArray<TestModule>, unhandled: ReadonlyArray<unknown>) {
    let failed = unhandled.length;
    let passed = 0;
    for (const module of modules) {
      if (module.state() === 'failed' && ![...module.children.allTests()].length) failed++;
      for (const test of module.children.allTests()) {
        const state = test.result().state;
        if (state === 'failed') failed++;
        else if (state === 'passed') passed++;
      }
    }
    const s = readStats(this.dir);
    const rows: Array<[string, string]> = [
      ['Routes couvertes (matrice)', String(s.routes)],
      ['Cellules de la matrice', String(s.cells)],
      ['Entrées générées (fast-check)', String(s.inputs)],
      ['Pannes injectées', String(s.faults)],
      ['Tests réussis', String(passed)],
      ['Échecs', String(failed)],
    ];
    const width = Math.max(...rows.map(([k]) => k.length));
    const line = `+${'-'.repeat(width + 2)}+${'-'.repeat(10)}+`;
    const out = [line, ...rows.map(([k, v]) => `| ${k.padEnd(width)} | ${v.padStart(8)} |`), line];
    process.stdout.write(`\nRésumé sécurité et fiabilité\n${out.join('\n')}\n`);
    fs.rmSync(this.dir, { recursive: true, force: true });
  }
}
