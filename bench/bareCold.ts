// npx tsx bench/bareCold.ts [PxE] [rounds]: what the bench's own instrumentation adds to a cold load. The
// bench's cold load (a fresh profile, empty IndexedDB, the company clicked, timed to the figures drawn by the
// same in-page probe) in turn in a Chromium driven by Playwright with the bench's counters (bytes, heaps,
// long tasks), as `npm run bench` runs it, and in one driven over its DevTools pipe with no domain enabled
// (bareColdLoad in bench/ours.ts): no event per request leaves Chromium, as for a user. Prints each load's
// time and the CPU it cost per process (Chromium by type, the server, this script). The server builds and
// keeps every answer before the first load, so the loads differ by the browser's side only. Uses the
// bench's data and dist/.
import os from 'node:os';

import { COLUMNS_MEDIA_TYPE } from '#domain/analytics/binaryColumns';

import { launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';
import { pgliteDataDir } from './dataDir';
import { HeapSampler } from './heap';
import { ByteCounter } from './network';
import { adminToken, bareColdLoad, benchContext, openDashboard, openDropdown, signIn } from './ours';
import { clickAndWaitDrawn, installLongTaskProbe } from './probe';
import { chromiumCpu, cpuMs, cpuSpent } from './processes';

const [products, events] = (process.argv[2] ?? '10000x300').split('x').map(Number);
const rounds = Number(process.argv[3] ?? 2);
const log = (s: string) => process.stdout.write(`${s}\n`);

interface Load {
  ms: number;
  cpu: Array<[string, number]>;
}

/** Runs the timed part and reads the CPU each process spent meanwhile. */
async function measured(serverPid: number, timed: () => Promise<number>): Promise<Load> {
  const before = { chromium: chromiumCpu(), server: cpuMs(serverPid), self: process.cpuUsage() };
  const ms = await timed();
  const self = process.cpuUsage(before.self);
  const cpu = cpuSpent(before.chromium, chromiumCpu());
  cpu.push(['serveur', cpuMs(serverPid) - before.server], ['ce script', (self.user + self.system) / 1000]);
  return { ms, cpu };
}

/** The cold phase of bench/ours.ts: the same context, probes and counters. */
async function driven(url: string, company: string, serverPid: number): Promise<Load> {
  const browser = await launchBrowser();
  try {
    const context = await benchContext(browser, url);
    await context.addInitScript(installLongTaskProbe);
    const page = await context.newPage();
    const bytes = new ByteCounter(page);
    const heap = await HeapSampler.open(browser, page);
    await signIn(page);
    await openDashboard(page);
    await openDropdown(page, 'dashboard-company', company);
    await bytes.reset();
    heap.start();
    const load = await measured(serverPid, async () => {
      const r = await page.evaluate(clickAndWaitDrawn, company);
      return r.drawn - r.t0;
    });
    await heap.end();
    await bytes.total();
    await heap.close();
    return load;
  } finally {
    await browser.close();
  }
}

function report(label: string, load: Load): void {
  const total = load.cpu.reduce((s, [, ms]) => s + ms, 0);
  const parts = load.cpu.filter(([, ms]) => ms >= 50).map(([k, ms]) => `${k} ${(ms / 1000).toFixed(1)}`);
  log(`${label} : ${(load.ms / 1000).toFixed(2)} s ; CPU ${(total / 1000).toFixed(1)} s (${parts.join(', ')})`);
}

async function main() {
  const { dir, companies } = await pgliteDataDir([{ products, events }], false, log);
  const c = companies.find((x) => x.products === products && x.events === events)!;
  const server = await startServer({ SEED: 'off' }, dir);
  try {
    const token = await adminToken(server.url);
    for (const id of c.productIds)
      await fetch(`${server.url}/api/ProductStatistics/Product/${id}?format=columns`, {
        headers: { Authorization: `Bearer ${token}`, Accept: COLUMNS_MEDIA_TYPE, 'Accept-Encoding': 'gzip' },
      }).then((r) => r.arrayBuffer());
    log(`${c.name}: cold load, answers kept by the server, load average at the start ${os.loadavg()[0].toFixed(1)}`);
    const pid = server.child.pid!;
    for (let round = 1; round <= rounds; round++) {
      report(`driven by Playwright (the bench's counters)`, await driven(server.url, c.name, pid));
      report(
        `driven through its DevTools pipe, no domain enabled`,
        await measured(pid, () => bareColdLoad(server.url, c.name, token)),
      );
    }
  } finally {
    await server.stop('SIGINT');
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
