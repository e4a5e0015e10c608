// npm run bench: the dashboard's performance against the naive approach. Builds (or reuses) the synthetic
// data, starts the real server on loopback, drives the built app in headless Chromium, runs the naive
// baseline in the same browser, then autocannon on PGlite and PostgreSQL, the uploads' memory, a light call
// under load and the Lighthouse performance of each page; prints the tables and rewrites bench/results.md
// (bench/notes.md keeps the decisions). Every table of timings says the host's CPU and Lighthouse
// benchmark index (bench/benchmarkIndex.ts). A new part: a module returning its Markdown, pushed onto
// `sections` in main() behind a --no-<part> flag (bench/flags.ts).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';

import { chromiumPath, launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';
import { type BaselineResult, runBaseline } from './baseline';
import { benchmarkIndex } from './benchmarkIndex';
import { type CannonResult, loadServer } from './cannon';
import { runCollectFlood } from './collectFlood';
import { pgliteDataDir, postgresCompanies } from './dataDir';
import { parseFlags } from './flags';
import { insightsReport, measureInsights } from './insights';
import { measureInsightsInWorker } from './insightsWorker';
import { lightCallReport, measureLightCall } from './lightCall';
import { lighthouseReport, measureLighthouse } from './lighthouse';
import { runLoginFloodBench } from './loginFlood';
import { runModelAttackBench } from './modelAttack';
import { ADMIN, adminToken, bareColdLoad, PASSWORD, runOurs, type RunResult } from './ours';
import { type BareCold, type GrowthRow, hostNote, machineNow, report } from './report';
import { median } from './stats';
import { runUploadBench } from './uploads';

const log = (s: string) => process.stdout.write(`${s}\n`);
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The longest main-thread task of each phase, so that one over 50 ms says when it came. */
const longest = (r: RunResult) =>
  `longest task ${[r.cold, r.warm, r.switchPhase].map((p) => Math.round(p.longTasks.longest)).join(' / ')} ms`;

async function main() {
  const flags = parseFlags(process.argv.slice(2));
  const started = Date.now();
  const main = { products: flags.products, events: flags.events };
  const growthSizes = flags.growth.map((g) => ({ products: g.products, events: g.events ?? flags.events }));
  const sizes = [main, ...growthSizes]
    .filter((s, i, all) => all.findIndex((o) => o.products === s.products && o.events === s.events) === i)
    .sort((a, b) => a.products * a.events - b.products * b.events || a.products - b.products);
  const { dir, companies } = await pgliteDataDir(sizes, flags.fresh, log);
  const company = (s: { products: number; events: number }) =>
    companies.find((c) => c.products === s.products && c.events === s.events)!;

  log('Lighthouse benchmark index of this host…');
  const indexAtStart = await benchmarkIndex();
  const machine = machineNow(execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }).trim(), indexAtStart);
  log(`benchmark index ${indexAtStart} (${machine.cpu})`);

  log(`\nServer (PGlite, ${dir})…`);
  let server = await startServer({ SEED: 'off' }, dir);
  const browser = await launchBrowser();
  const ours: RunResult[] = [];
  const base: BaselineResult[] = [];
  const growth: GrowthRow[] = [];
  const bare: BareCold[] = [];
  const c0 = company(main);
  let cannon: Array<{ db: string; results: CannonResult[] }> = [];
  try {
    const c = company(main);
    for (let i = 0; i < flags.runs; i++) {
      const r = await runOurs(browser, server.url, c.name, c.products);
      ours.push(r);
      log(
        `our engine, ${c.name}, run ${i + 1}: cold ${sec(r.cold.ms)}, warm ${sec(r.warm.ms)} (revalidated ${sec(r.warm.settledMs ?? NaN)}), switch ${sec(median(r.switches))} (${r.switches.map(Math.round).join(' ')} ms), ${longest(r)}`,
      );
    }
    if (flags.baseline)
      for (let i = 0; i < flags.baselineRuns; i++) {
        const r = await runBaseline(browser, server.url, c.productIds, flags.baselineSwitches);
        base.push(r);
        log(
          `naive baseline, run ${i + 1}: cold ${sec(r.cold.ms)}, warm ${sec(r.warm.ms)}, switch ${sec(median(r.switches))}`,
        );
      }
    for (const size of growthSizes) {
      const g = company(size);
      const runs = size.products === main.products && size.events === main.events ? ours : [];
      for (let i = runs.length; i < flags.growthRuns; i++) {
        const r = await runOurs(browser, server.url, g.name, g.products);
        runs.push(r);
        log(
          `growth, ${g.name}: cold ${sec(r.cold.ms)}, warm ${sec(r.warm.ms)}, switch ${sec(median(r.switches))} (${r.switches.map(Math.round).join(' ')} ms), ${longest(r)}`,
        );
      }
      growth.push({ ...size, runs });
    }
    await browser.close();

    // The first cold load of each size again, without the bench's instrumentation: on a server started
    // again (answers read from the database, as for the first run), in the order the runs above took.
    if (flags.bare) {
      await server.stop();
      server = await startServer({ SEED: 'off' }, dir);
      const token = await adminToken(server.url);
      for (const size of [
        main,
        ...growthSizes.filter((g) => g.products !== main.products || g.events !== main.events),
      ]) {
        const g = company(size);
        const coldMs = await bareColdLoad(server.url, g.name, token);
        bare.push({ ...size, ms: coldMs });
        log(`without instrumentation, ${g.name}: cold ${sec(coldMs)}`);
      }
    }

    // Server load: a product of the main company (flags.events events).
    if (flags.cannon) {
      log('\nautocannon (PGlite)…');
      cannon.push({
        db: 'PGlite',
        results: await loadServer(server.url, c.productIds[0], flags.events, flags.cannonSeconds, ADMIN, PASSWORD),
      });
    }
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
  }

  if (flags.postgres && flags.cannon) cannon = cannon.concat(await postgresLoad(flags.events, flags.cannonSeconds));

  // The parts after the dashboard's, each on a server of its own, one after the other so as not to disturb
  // each other. Each gives its Markdown, followed by the host's note.
  const sections: string[] = [];
  // The 3D and AR insight's computation, in this process over synthetic visits in memory (no server).
  if (flags.insights) {
    log('\n3D and AR insight (computeInsights, in memory)…');
    const size = { products: flags.products, events: flags.events, runs: 9 };
    const inNode = measureInsights({ ...size, log });
    log("3D and AR insight in Chromium's worker…");
    const inWorker = await measureInsightsInWorker(size).catch((err: Error) => {
      log(`  the worker's run failed: ${err.message}`);
      return null;
    });
    sections.push(insightsReport(inNode, inWorker));
  }
  // A light call during 20 dashboard loads, on a server of its own over the same data (PGlite).
  if (flags.light) {
    log('\nA light call during 20 loads (PGlite)…');
    sections.push(lightCallReport(await measureLightCall({ dir, company: c0, rounds: flags.runs, log })));
  }
  // Upload memory: its own server process (demo data).
  if (flags.uploads) sections.push((await runUploadBench(log)).markdown);
  // Lighthouse performance of each page (demo data): a score made of timings, reported here, gated nowhere.
  if (flags.lighthouse) {
    log('\nLighthouse, each page desktop and mobile (demo data)…');
    const demo = await startServer();
    try {
      sections.push(lighthouseReport(await measureLighthouse(demo.url, flags.lighthouseRuns, log)));
    } finally {
      await demo.stop();
    }
  }

  // The attacks (docs/security-dos.md), each on a server of its own with the demo data, beside a light call.
  if (flags.models) sections.push((await runModelAttackBench(log)).markdown);
  if (flags.flood) sections.push((await runLoginFloodBench(log)).markdown);
  if (flags.collect) sections.push((await runCollectFlood(flags.cannonSeconds, log)).markdown);

  machine.benchmarkIndex.end = await benchmarkIndex();
  const text = [
    report(machine, main, ours, base, growth, cannon, bare),
    ...sections.map((s) => `${s}\n\n${hostNote(machine)}\n`),
  ].join('\n');
  log(`\n${text}`);
  log(`(total duration ${sec(Date.now() - started)})`);
  if (flags.output) {
    // The results only: the decisions and their reasons are in bench/notes.md. The section npm run scale
    // writes (tests/load/scale.ts) is not measured here: kept as it was.
    const scale = keptSection(flags.output, '## Plusieurs instances');
    fs.writeFileSync(
      flags.output,
      `${text}${scale ? `\n${scale}` : ''}\nDecisions and their measured reasons: bench/notes.md.\n`,
    );
    log(`Written to ${flags.output}`);
  }
}

/** A section of the results file as it is (its heading to the next one), or '' when absent. */
function keptSection(file: string, heading: string): string {
  const text = fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
  const start = text.indexOf(`${heading}\n`);
  if (start < 0) return '';
  const ends = [
    text.indexOf('\n## ', start + heading.length),
    text.indexOf('\nDecisions and their measured reasons', start),
  ];
  const end = Math.min(...ends.map((e) => (e < 0 ? text.length : e)));
  return `${text.slice(start, end).trimEnd()}\n`;
}

/** autocannon against a server on a throw-away PostgreSQL database, when one answers. */
async function postgresLoad(events: number, seconds: number): Promise<Array<{ db: string; results: CannonResult[] }>> {
  log('\nautocannon (PostgreSQL)…');
  const pg = await postgresCompanies([{ products: 20, events }], log);
  if (!pg) {
    log('PostgreSQL does not answer: the server measure on PostgreSQL is left out.');
    return [];
  }
  try {
    const server = await startServer({ SEED: 'off', DATABASE_URL: pg.url }, pg.dir);
    try {
      const [c] = pg.companies;
      return [
        { db: 'PostgreSQL', results: await loadServer(server.url, c.productIds[0], events, seconds, ADMIN, PASSWORD) },
      ];
    } finally {
      await server.stop();
    }
  } finally {
    await pg.done();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
