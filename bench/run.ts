// npm run bench: the dashboard's performance against the naive approach (issue 4). Builds (or reuses)
// the synthetic data, starts the real server on loopback, drives the built app in headless Chromium,
// runs the naive baseline in the same browser, then autocannon on PGlite and PostgreSQL; prints the
// tables and writes them to bench/results.md (with bench/notes.md, the hand-written findings).
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { chromiumPath, launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';
import { type BaselineResult, runBaseline } from './baseline';
import { type CannonResult, loadServer } from './cannon';
import { runCollectFlood } from './collectFlood';
import { pgliteDataDir, postgresCompanies } from './dataDir';
import { parseFlags } from './flags';
import { lightCallReport, measureLightCall } from './lightCall';
import { runModelAttackBench } from './modelAttack';
import { runLoginFloodBench } from './loginFlood';
import { ADMIN, adminToken, bareColdLoad, PASSWORD, runOurs, type RunResult } from './ours';
import { type BareCold, type GrowthRow, report } from './report';
import { median } from './stats';
import { runUploadBench } from './uploads';

const log = (s: string) => process.stdout.write(`${s}\n`);
const sec = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
/** The longest main-thread task of each phase, so that one over 50 ms says when it came. */
const longest = (r: RunResult) =>
  `tâche la plus longue ${[r.cold, r.warm, r.switchPhase].map((p) => Math.round(p.longTasks.longest)).join(' / ')} ms`;

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

  const machine = {
    date: new Date().toISOString().replace('T', ' ').slice(0, 16) + ' UTC',
    cores: os.cpus().length,
    cpu: os.cpus()[0]?.model ?? '?',
    load: os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / '),
    node: process.version,
    chromium: execFileSync(chromiumPath(), ['--version'], { encoding: 'utf8' }).trim(),
  };

  log(`\nServeur (PGlite, ${dir})…`);
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
        `notre moteur, ${c.name}, exécution ${i + 1} : à froid ${sec(r.cold.ms)}, à chaud ${sec(r.warm.ms)} (revalidé ${sec(r.warm.settledMs ?? NaN)}), changement ${sec(median(r.switches))} (${r.switches.map(Math.round).join(' ')} ms), ${longest(r)}`,
      );
    }
    if (flags.baseline)
      for (let i = 0; i < flags.baselineRuns; i++) {
        const r = await runBaseline(browser, server.url, c.productIds, flags.baselineSwitches);
        base.push(r);
        log(
          `référence naïve, exécution ${i + 1} : à froid ${sec(r.cold.ms)}, à chaud ${sec(r.warm.ms)}, changement ${sec(median(r.switches))}`,
        );
      }
    for (const size of growthSizes) {
      const g = company(size);
      const runs = size.products === main.products && size.events === main.events ? ours : [];
      for (let i = runs.length; i < flags.growthRuns; i++) {
        const r = await runOurs(browser, server.url, g.name, g.products);
        runs.push(r);
        log(
          `croissance, ${g.name} : à froid ${sec(r.cold.ms)}, à chaud ${sec(r.warm.ms)}, changement ${sec(median(r.switches))} (${r.switches.map(Math.round).join(' ')} ms), ${longest(r)}`,
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
        log(`sans instrumentation, ${g.name} : à froid ${sec(coldMs)}`);
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

  // Upload memory: its own server process (demo data), after the rest so as not to disturb it.
  const uploads = flags.uploads ? `\n${(await runUploadBench(log)).markdown}` : '';
  // The 3D-file attack (docs/security-dos.md): its own server process with the demo data.
  const models = flags.models ? `\n${(await runModelAttackBench(log)).markdown}` : '';
  const flood = flags.flood ? `\n${(await runLoginFloodBench(log)).markdown}` : '';

  // A light call during 20 dashboard loads, on a server of its own over the same data (PGlite).
  let light = '';
  if (flags.light) {
    log('\nAppel léger pendant 20 chargements (PGlite)…');
    light = `\n${lightCallReport(await measureLightCall({ dir, company: c0, rounds: flags.runs, log }))}`;
  }

  // Attacks on the viewer's collection beside a light call: a server of its own (demo data).
  const collect = flags.collect ? `\n${(await runCollectFlood(flags.cannonSeconds, log)).markdown}` : '';

  const text =
    `${report(machine, main, ours, base, growth, cannon, bare)}${light}` + uploads + models + flood + collect;
  const notesFile = path.join(import.meta.dirname, 'notes.md');
  const notes = fs.existsSync(notesFile) ? `\n${fs.readFileSync(notesFile, 'utf8')}` : '';
  log(`\n${text}`);
  log(`(durée totale ${sec(Date.now() - started)})`);
  if (flags.output) {
    fs.writeFileSync(flags.output, `${text}${notes}`);
    log(`Écrit dans ${flags.output}`);
  }
}

/** autocannon against a server on a throw-away PostgreSQL database, when one answers. */
async function postgresLoad(events: number, seconds: number): Promise<Array<{ db: string; results: CannonResult[] }>> {
  log('\nautocannon (PostgreSQL)…');
  const pg = await postgresCompanies([{ products: 20, events }], log);
  if (!pg) {
    log('PostgreSQL ne répond pas : mesure serveur sur PostgreSQL omise.');
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
