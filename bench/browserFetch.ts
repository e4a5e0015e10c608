// npx tsx bench/browserFetch.ts [PxE] [count]: what one events call costs Chromium itself, apart from the
// dashboard's code and from the server. A dedicated worker fetches `count` products' binary columns, 6 at
// a time as the dashboard's worker does, and reads each body; nothing else. Run in a Chromium with no
// DevTools attached (launched bare; the result read from its console log), then in one driven by
// Playwright as `npm run bench` drives it. Prints the wall time and, per Chromium process type, the CPU per
// request (from /proc). The server is asked once before (answers kept), so only the browser's side varies.
// The probe page is served from a directory of its own (DIST_DIR), not the app's build.
// --sw: the page is controlled by a service worker whose `fetch` handler answers nothing (as workbox does for
// an API call no route of src/sw.ts takes); --sw-routes: the same, with a static route (InstallEvent
// addRoutes) sending the events calls to the network. Then the page itself makes 6 events calls first, and
// the line printed says how many of the page's and of the worker's calls the service worker saw.
// --no-store: the worker's calls skip Chromium's HTTP cache (fetch `cache: 'no-store'`); --omit: they send
// no cookies (`credentials: 'omit'`); both as options the dashboard's worker could take. --shared: the
// calls are made by a SharedWorker (no frame of its own) instead of a dedicated worker.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { COLUMNS_MEDIA_TYPE } from '#domain/analytics/binaryColumns';

import { launchBrowser } from '../tests/helpers/browser';
import { startServer } from '../tests/helpers/server';
import { pgliteDataDir } from './dataDir';
import { adminToken } from './ours';
import { chromiumCpu, cpuSpent, spawnChromium, stopChromium } from './processes';

const positional = process.argv.slice(2).filter((a) => !a.startsWith('--'));
const [products, events] = (positional[0] ?? '10000x300').split('x').map(Number);
const count = Number(positional[1] ?? 2000);
const sw = process.argv.includes('--sw-routes') ? 'routes' : process.argv.includes('--sw') ? 'plain' : null;
const log = (s: string) => process.stdout.write(`${s}\n`);
const shared = process.argv.includes('--shared');
const init = {
  ...(process.argv.includes('--no-store') ? { cache: 'no-store' } : {}),
  ...(process.argv.includes('--omit') ? { credentials: 'omit' } : {}),
};

const PAGE = `<!doctype html><html lang="fr"><head><title>probe</title></head><body><script src="/probe.js"></script></body></html>`;
// Waits 3 s before fetching, so that the CPU counted is the fetching, not Chromium's start.
const PROBE = `
const token = location.hash.slice(1);
const sw = ${JSON.stringify(sw)};
const seen = () => new Promise((resolve) => {
  navigator.serviceWorker.onmessage = (m) => resolve(m.data);
  navigator.serviceWorker.controller.postMessage('seen');
});
const controlled = () => navigator.serviceWorker.controller ? Promise.resolve() :
  new Promise((r) => navigator.serviceWorker.addEventListener('controllerchange', r, { once: true }));
if (sw) navigator.serviceWorker.register('/probe-sw.js');
setTimeout(async () => {
  let page = null;
  if (sw) {
    await controlled();
    const ids = await (await fetch('/ids.json')).json();
    for (const id of ids.slice(0, 6))
      await fetch('/api/ProductStatistics/Product/' + id + '?format=columns', { headers: { Authorization: 'Bearer ' + token } });
    page = await seen();
  }
  const w = ${shared} ? new SharedWorker('/probe-worker.js').port : new Worker('/probe-worker.js');
  w.onmessage = async (e) => {
    const worker = sw ? (await seen()) - page : null;
    console.log('PROBE ' + JSON.stringify({ ...e.data, page, worker }));
    document.title = 'fini';
  };
  w.postMessage(token);
}, 3000);`;
// Counts the events calls its fetch handler sees, and answers none of them.
const SERVICE_WORKER = `
const route = { condition: { urlPattern: new URLPattern({ pathname: '/api/ProductStatistics/Product/*' }) }, source: 'network' };
self.addEventListener('install', (e) => {
  ${sw === 'routes' ? 'e.waitUntil(e.addRoutes([route]));' : ''}
  self.skipWaiting();
});
self.addEventListener('activate', (e) => e.waitUntil(self.clients.claim()));
let seen = 0;
self.addEventListener('fetch', (e) => { if (e.request.url.includes('/ProductStatistics/Product/')) seen++; });
self.addEventListener('message', (e) => e.source.postMessage(seen));`;

interface Probe {
  ms: number;
  /** Of the page's 6 events calls, and of the worker's, how many the service worker saw (--sw). */
  page: number | null;
  worker: number | null;
}

const seenBySw = (p: Probe) =>
  p.page === null
    ? ''
    : `; seen by the service worker: ${p.page} / 6 of the page's, ${p.worker} / ${count} of the worker's`;
const WORKER = `
const run = (reply) => async (e) => {
  const ids = await (await fetch('/ids.json')).json();
  let next = 0;
  const t0 = performance.now();
  await Promise.all(Array.from({ length: 6 }, async () => {
    while (next < ids.length) {
      const r = await fetch('/api/ProductStatistics/Product/' + ids[next++] + '?format=columns', {
        ...${JSON.stringify(init)},
        headers: { Authorization: 'Bearer ' + e.data, Accept: '${COLUMNS_MEDIA_TYPE}, application/json;q=0.9' },
      });
      if (!r.ok) throw new Error('HTTP ' + r.status);
      await r.arrayBuffer();
    }
  }));
  reply({ ms: performance.now() - t0 });
};
if (typeof onconnect === 'undefined') onmessage = run((m) => postMessage(m));
else onconnect = (c) => { const port = c.ports[0]; port.onmessage = run((m) => port.postMessage(m)); };`;

type Readings = ReturnType<typeof chromiumCpu>;

function report(label: string, probe: Probe, before: Readings, after: Readings): void {
  const { ms } = probe;
  const per = cpuSpent(before, after)
    .map(([type, cpu]) => [type, cpu / count] as const)
    .filter(([, cpu]) => cpu >= 0.01);
  const total = per.reduce((s, [, cpu]) => s + cpu, 0);
  log(
    `${label}: ${(ms / 1000).toFixed(2)} s, ${Math.round(count / (ms / 1000))} requests/s; Chromium's CPU ${total.toFixed(2)} ms per request (${per.map(([t, cpu]) => `${t} ${cpu.toFixed(2)}`).join(', ')})${seenBySw(probe)}`,
  );
}

async function bare(url: string): Promise<void> {
  const chromium = spawnChromium(
    ['--headless', '--no-sandbox', '--disable-gpu', '--enable-logging=stderr', url],
    ['ignore', 'ignore', 'pipe'],
  );
  const child = chromium.child;
  try {
    let out = '';
    let before: Readings = new Map();
    const started = setTimeout(() => (before = chromiumCpu()), 2000);
    const probe = await new Promise<Probe>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error('Chromium without DevTools: no result')), 600_000);
      child.stderr!.on('data', (d) => {
        out += d;
        const m = /PROBE (\{[^}]*\})/.exec(out);
        if (m) {
          clearTimeout(timer);
          resolve(JSON.parse(m[1]) as Probe);
        }
      });
    });
    clearTimeout(started);
    report('Chromium without DevTools', probe, before, chromiumCpu());
  } finally {
    await stopChromium(chromium);
  }
}

async function driven(url: string): Promise<void> {
  const browser = await launchBrowser();
  try {
    const page = await (await browser.newContext()).newPage();
    const message = page.waitForEvent('console', {
      predicate: (m) => m.text().startsWith('PROBE'),
      timeout: 600_000,
    });
    await page.goto(url);
    await new Promise((r) => setTimeout(r, 2000));
    const before = chromiumCpu();
    const probe = JSON.parse((await message).text().slice(6)) as Probe;
    report('Chromium driven by Playwright', probe, before, chromiumCpu());
  } finally {
    await browser.close();
  }
}

async function main() {
  const { dir, companies } = await pgliteDataDir([{ products, events }], false, log);
  const c = companies.find((x) => x.products === products && x.events === events)!;
  const ids = c.productIds.slice(0, count);
  const probeDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-probe-'));
  fs.writeFileSync(path.join(probeDir, 'index.html'), PAGE);
  fs.writeFileSync(path.join(probeDir, 'probe.js'), PROBE);
  fs.writeFileSync(path.join(probeDir, 'probe-worker.js'), WORKER);
  fs.writeFileSync(path.join(probeDir, 'ids.json'), JSON.stringify(ids));
  fs.writeFileSync(path.join(probeDir, 'probe-sw.js'), SERVICE_WORKER);
  const server = await startServer({ SEED: 'off', DIST_DIR: probeDir, SKIP_BUILD: '1' }, dir);
  try {
    const token = await adminToken(server.url);
    // The server builds and keeps every answer first: the runs below differ by the browser only.
    for (const id of ids)
      await fetch(`${server.url}/api/ProductStatistics/Product/${id}?format=columns`, {
        headers: { Authorization: `Bearer ${token}`, Accept: COLUMNS_MEDIA_TYPE, 'Accept-Encoding': 'gzip' },
      }).then((r) => r.arrayBuffer());
    log(
      `${c.name}: ${ids.length} events calls, 6 in flight, options ${JSON.stringify(init)}, load average at the start ${os.loadavg()[0].toFixed(1)}`,
    );
    const url = `${server.url}/#${token}`;
    await bare(url);
    await driven(url);
    await bare(url);
    await driven(url);
  } finally {
    await server.stop('SIGINT');
    fs.rmSync(probeDir, { recursive: true, force: true });
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
