// What the versions call (GET /api/ProductStatistics/Entreprise/{id}/versions) buys a repeat visit and the
// dashboard's refresh every minute (docs/dashboard.md): the worker's engine, in Node, against the
// real server over loopback HTTP (the bench's synthetic data, PGlite), with its IndexedDB cache in
// fake-indexeddb. For each size, interleaved runs of:
//   - repeat visit: a new engine (a reload), every record read back from the cache, then revalidated;
//   - refresh: the same engine a minute later (records in memory), everything revalidated;
// once with the versions call and once as against a server without it (the route answers 404, so the
// engine asks every product with If-None-Match, as before). Nothing changes between runs: every product
// answers 304. Prints medians, requests and bytes received.
// `npx tsx bench/revalidate.ts [PxE,...] [runs]`, e.g. `npx tsx bench/revalidate.ts 1000x100,10000x30 5`.
import 'fake-indexeddb/auto';

import os from 'node:os';
import { performance } from 'node:perf_hooks';

import type { ViewRequest } from '#domain/analytics/view';

import { urlOf } from '../tests/helpers/requestUrl';
import { startServer } from '../tests/helpers/server';
import { deleteCache } from '../workers/analytics/cache';
import { AnalyticsEngine } from '../workers/analytics/engine';
import { pgliteDataDir } from './dataDir';
import { adminToken } from './ours';
import { median } from './stats';

const sizes = (process.argv[2] ?? '1000x100').split(',').map((s) => {
  const [products, events] = s.split('x').map(Number);
  return { products, events };
});
const RUNS = Number(process.argv[3] ?? 5);
const log = (s: string) => process.stdout.write(`${s}\n`);

interface Count {
  requests: number;
  bytes: number;
}

/** fetch that counts requests and body bytes; `withoutVersions` sends the versions call to a path the server does not have (404). */
function countingFetch(count: Count, withoutVersions: boolean): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = withoutVersions ? urlOf(input).replace(/\/versions$/, '/versions-absente') : urlOf(input);
    const res = await fetch(url, init);
    count.requests++;
    const body = res.status === 304 ? null : await res.arrayBuffer();
    count.bytes += body?.byteLength ?? 0;
    return new Response(body, { status: res.status, headers: res.headers });
  };
}

async function main() {
  log(
    `Host: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, load average at the start ${os
      .loadavg()
      .map((l) => l.toFixed(1))
      .join(' / ')}`,
  );
  const { dir, companies } = await pgliteDataDir(sizes, false, log);
  const server = await startServer({ SEED: 'off' }, dir);
  try {
    const token = await adminToken(server.url);
    log(
      '\nsize | measure | without the versions call (median ms, requests) | with it (median ms, requests, decoded bodies received) | ratio',
    );
    for (const size of sizes) {
      const c = companies.find((x) => x.products === size.products && x.events === size.events)!;
      const request = (generation: number, over: Partial<ViewRequest> = {}): ViewRequest => ({
        generation,
        productIds: c.productIds,
        scope: 'all',
        metric: 'consultation',
        counting: 'total',
        period: 'year',
        year: 2026,
        month: 1,
        week: 1,
        companyId: c.entrepriseId,
        ...over,
      });
      const engine = (count: Count, withoutVersions: boolean) => {
        const e = new AnalyticsEngine(countingFetch(count, withoutVersions));
        e.configure(server.url, token);
        return e;
      };
      // Cold once: fills the cache (and the server's kept answers).
      await deleteCache();
      const cold: Count = { requests: 0, bytes: 0 };
      const t0 = performance.now();
      await engine(cold, false).view(request(1));
      log(
        `${c.name} | cold (once) | — | ${(performance.now() - t0).toFixed(0)} ms, ${cold.requests} requests, ${(cold.bytes / 1e6).toFixed(1)} MB | —`,
      );

      const results: Record<string, Record<'visit' | 'refresh', { ms: number[]; count: Count }>> = {};
      for (let run = 0; run < RUNS; run++)
        for (const without of [true, false]) {
          const key = without ? 'without' : 'with';
          results[key] ??= {
            visit: { ms: [], count: { requests: 0, bytes: 0 } },
            refresh: { ms: [], count: { requests: 0, bytes: 0 } },
          };
          const visitCount: Count = { requests: 0, bytes: 0 };
          const e = engine(visitCount, without);
          let t = performance.now();
          await e.view(request(1));
          results[key].visit.ms.push(performance.now() - t);
          results[key].visit.count = visitCount;
          const refreshCount: Count = { requests: 0, bytes: 0 };
          const e2 = engine(refreshCount, without);
          await e2.view(request(1));
          refreshCount.requests = 0;
          refreshCount.bytes = 0;
          t = performance.now();
          await e2.view(request(2, { refresh: true }));
          results[key].refresh.ms.push(performance.now() - t);
          results[key].refresh.count = refreshCount;
        }
      for (const m of ['visit', 'refresh'] as const) {
        const a = results.without[m];
        const b = results.with[m];
        const label = m === 'visit' ? 'repeat visit (reload, revalidated)' : 'refresh (every minute)';
        log(
          `${c.name} | ${label} | ${median(a.ms).toFixed(0)} ms, ${a.count.requests} requests | ${median(b.ms).toFixed(0)} ms, ${b.count.requests} request(s), ${(b.count.bytes / 1e3).toFixed(1)} KB | ${(median(a.ms) / median(b.ms)).toFixed(1)} x`,
        );
      }
    }
  } finally {
    await server.stop();
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
