// npx tsx bench/fanout.ts [PxE] [inFlight] [count]: the server's side of a cold dashboard load, alone: a
// client over loopback HTTP (keep-alive) asks `count` products of the synthetic company for their binary
// columns, `inFlight` at a time, as the worker does; prints the wall time, requests per second and the
// server process's CPU per request (user + system, from /proc), first with nothing kept by the server
// (it builds each answer: the stored answers are deleted before), then again (answers kept in its memory),
// then from a server started again (answers stored in the database, server/analytics/storedAnswers.ts). `SERVER_PROFILE=file` preloads that module in the
// server (e.g. to write a CPU profile). `BENCH_DB=postgres` runs it on a throw-away database of the
// PostgreSQL server that answers (TEST_DATABASE_URL or 127.0.0.1:5432), filled with the same company; the
// CPU is then the server process's only (PostgreSQL's own is not counted). `--browser-headers` (after the
// three numbers): each call also carries the other headers Chromium sends with the worker's call.
import os from 'node:os';

import { sql } from 'drizzle-orm';

import { COLUMNS_MEDIA_TYPE } from '#domain/analytics/binaryColumns';

import { openDatabase } from '../server/db/client';
import { startServer } from '../tests/helpers/server';
import { type BenchCompany, pgliteDataDir, postgresCompanies } from './dataDir';
import { adminToken } from './ours';
import { cpuMs } from './processes';

const [products, events] = (process.argv[2] ?? '10000x300').split('x').map(Number);
const inFlight = Number(process.argv[3] ?? 6);
const count = Number(process.argv[4] ?? products);
const log = (s: string) => process.stdout.write(`${s}\n`);

/** The other headers Chromium sends with the worker's events call (--browser-headers). */
function browserHeaders(origin: string): Record<string, string> {
  return {
    'Accept-Encoding': 'gzip, deflate, br, zstd',
    'Accept-Language': 'en-US',
    Referer: `${origin}/`,
    'User-Agent':
      'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) HeadlessChrome/156.0.0.0 Safari/537.36',
    'sec-ch-ua': '"Chromium";v="156", "Not-A.Brand";v="24"',
    'sec-ch-ua-mobile': '?0',
    'sec-ch-ua-platform': '"Linux"',
    'Sec-Fetch-Dest': 'empty',
    'Sec-Fetch-Mode': 'cors',
    'Sec-Fetch-Site': 'same-origin',
  };
}

/** Where the server reads its data: the PGlite bench directory, or a filled throw-away PostgreSQL database. */
async function database(): Promise<{
  env: Record<string, string>;
  dir: string;
  c: BenchCompany;
  done: () => Promise<void>;
}> {
  if (process.env.BENCH_DB !== 'postgres') {
    const { dir, companies } = await pgliteDataDir([{ products, events }], false, log);
    const c = companies.find((x) => x.products === products && x.events === events)!;
    return { env: {}, dir, c, done: async () => undefined };
  }
  const pg = await postgresCompanies([{ products, events }], log);
  if (!pg) throw new Error('BENCH_DB=postgres: no PostgreSQL server answers');
  return { env: { DATABASE_URL: pg.url }, dir: pg.dir, c: pg.companies[0], done: pg.done };
}

async function main() {
  const { env, dir, c, done } = await database();
  const profile = process.env.SERVER_PROFILE;
  const start = () =>
    startServer({ SEED: 'off', ...env, ...(profile ? { NODE_OPTIONS: `--require ${profile}` } : {}) }, dir);
  const ids = c.productIds.slice(0, count);
  // Nothing stored: the first pass builds every answer (and stores it, as any read does).
  const direct = await openDatabase(env.DATABASE_URL ? { url: env.DATABASE_URL } : { dataDir: dir });
  await direct.db.execute(sql`delete from product_event_answers where produit_id in ${ids}`);
  await direct.close();
  let server = await start();
  try {
    const token = await adminToken(server.url);
    const headers = {
      Authorization: `Bearer ${token}`,
      Accept: `${COLUMNS_MEDIA_TYPE}, application/json;q=0.9`,
      'Accept-Encoding': 'gzip, deflate, br',
      ...(process.argv.includes('--browser-headers') ? browserHeaders(server.url) : {}),
    };
    log(
      `${c.name} (${env.DATABASE_URL ? 'PostgreSQL' : 'PGlite'}): ${ids.length} products, ${inFlight} requests in flight, load average at the start ${os.loadavg()[0].toFixed(1)}`,
    );
    for (const pass of ['answers to build', 'answers kept in memory', 'answers stored (server restarted)']) {
      if (pass.startsWith('answers stored')) {
        // Once the answers built by the first pass are written (in the background, after 2 s of calm).
        await new Promise((r) => setTimeout(r, 10_000));
        await server.stop('SIGINT');
        server = await start();
      }
      const cpu0 = cpuMs(server.child.pid!);
      const t0 = performance.now();
      let next = 0;
      let bytes = 0;
      await Promise.all(
        Array.from({ length: inFlight }, async () => {
          while (next < ids.length) {
            const res = await fetch(`${server.url}/api/ProductStatistics/Product/${ids[next++]}?format=columns`, {
              headers,
            });
            if (!res.ok) throw new Error(`HTTP ${res.status}`);
            // Read first: `bytes += await …` would add to the value read before the await (lost updates).
            const received = (await res.arrayBuffer()).byteLength;
            bytes += received;
          }
        }),
      );
      const ms = performance.now() - t0;
      const cpu = cpuMs(server.child.pid!) - cpu0;
      log(
        `  ${pass}: ${(ms / 1000).toFixed(2)} s, ${Math.round(ids.length / (ms / 1000))} requests/s, server CPU ${(cpu / ids.length).toFixed(2)} ms per request, ${(bytes / 1048576).toFixed(1)} MB received`,
      );
    }
  } finally {
    await server.stop('SIGINT');
    await done();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
