// The 3D and AR insight's cost (the switch with a filter on at 1 M events, goal: the same one-frame switch as
// the main figures', and the cost of its tallies): workers/analytics/insights.ts's
// computeInsights over synthetic events and visits held in memory (bench/insightsData.ts), as the worker
// runs it when the section's filter or the selection changes (the visits answer is then held: no fetch).
// Every case runs once to warm up, then `runs` times interleaved with the others, so that a busy host slows
// them alike; the median and the longest are reported. The visit index's build (once per data version) is
// timed apart. The same cases run in Chromium's worker too (bench/insightsWorker.ts), and the main figures
// with a filter on (bench/insightsFigures.ts). Also: the size of the visits held (typed arrays,
// workers/analytics/visits.ts), the answer's size (JSON as the server writes it, gzip and brotli as
// @fastify/compress sends it), its parse and conversion; no postMessage (the view posted is a few kB, its
// size is reported).
// Standalone: `npx tsx bench/insights.ts [--products 334] [--events 3000] [--runs 9]`; in `npm run bench`
// unless --no-insights.
import { performance } from 'node:perf_hooks';
import v8 from 'node:v8';
import vm from 'node:vm';
import zlib from 'node:zlib';

import type { VisitColumns } from '../domain/analytics/visitColumns';
import { Zone } from '../domain/analytics/zone';
import { computeInsights } from '../workers/analytics/insights';
import { VisitIndex } from '../workers/analytics/visitIndex';
import { readVisitColumns, typedVisits } from '../workers/analytics/visits';
import { benchmarkIndex } from './benchmarkIndex';
import { numberArg } from './flags';
import { type Case, FRAME_MS, insightCases, timeCases } from './insightsCases';
import { insightsData } from './insightsData';
import { measureFigures } from './insightsFigures';
import { measureInsightsInWorker, type WorkerTimes } from './insightsWorker';
import { hostNote, machineNow } from './report';
import { median } from './stats';

export interface InsightsResult {
  products: number;
  events: number;
  visits: number;
  sessions: number;
  attentionEntries: number;
  runs: number;
  cases: Array<{ label: string; kept: number; median: number; longest: number }>;
  /** Once per data version: the visit index built and every product joined (visitIndex.ts). */
  indexBuild: { median: number; longest: number };
  /** The main figures with filters (engine.ts composeFiltered), and without for reference. */
  figures: Array<{ label: string; median: number; longest: number }>;
  /** The visits' typed arrays, held (MB), and the heap grown by one call (MB, a lower bound). */
  visitsMb: number;
  callHeapMb: number;
  /** The events' typed arrays (MB, outside the JS heap). */
  eventsMb: number;
  answer: { bytes: number; gzip: number; brotli: number; parseMs: number; typedMs: number };
  viewBytes: number;
}

/** A forced collection, for the heap figures (V8's flag set at run time, the function read from a context). */
function collector(): () => void {
  v8.setFlagsFromString('--expose-gc');
  return vm.runInNewContext('gc') as () => void;
}

/**
 * The answer's text as server/analytics/visitAnswers.ts writes it: PostgreSQL's json_build_object and
 * json_agg (" : " and ", " separators), the attention's three arrays appended with "," separators.
 */
export function answerText(v: VisitColumns<number[]>): string {
  const agg = (xs: unknown[]) => `[${xs.map((x) => JSON.stringify(x)).join(', ')}]`;
  const fields = Object.entries(v)
    .filter(([k]) => !k.startsWith('attention'))
    .map(([k, xs]) => `"${k}" : ${agg(xs as unknown[])}`);
  return `{${fields.join(', ')}, "attentionStart" : [${v.attentionStart.join(',')}], "attentionBucket" : [${v.attentionBucket.join(',')}], "attentionMs" : [${v.attentionMs.join(',')}]}`;
}

export function measureInsights(opts: {
  products: number;
  events: number;
  runs: number;
  log: (s: string) => void;
}): InsightsResult {
  const gc = collector();
  const t0 = performance.now();
  const data = insightsData(opts.products, opts.events);
  opts.log(
    `insight data: ${data.visits.product.length.toLocaleString('en-GB')} visits, ${data.events.toLocaleString('en-GB')} events, ${data.sessions.toLocaleString('en-GB')} sessions (${Math.round(performance.now() - t0)} ms)`,
  );

  // The visits as the worker holds them: parsed from the answer's text, as typed arrays (visits.ts).
  const text = answerText(data.visits);
  let parseMs = Infinity;
  let typedMs = Infinity;
  let visits: VisitColumns = data.visits;
  for (let r = 0; r < 3; r++) {
    const t = performance.now();
    const parsed = readVisitColumns(JSON.parse(text));
    const t1 = performance.now();
    visits = typedVisits(parsed);
    parseMs = Math.min(parseMs, t1 - t);
    typedMs = Math.min(typedMs, performance.now() - t1);
  }
  let visitsBytes = 0;
  for (const c of Object.values(visits)) if (ArrayBuffer.isView(c)) visitsBytes += c.byteLength;
  const visitsMb = visitsBytes / 1048576;
  const answer = {
    bytes: Buffer.byteLength(text),
    gzip: zlib.gzipSync(text).length,
    brotli: zlib.brotliCompressSync(text, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length,
    parseMs,
    typedMs,
  };

  const zone = new Zone('Europe/Paris');
  const cases = insightCases(data);
  const run = (c: Case) => computeInsights(visits, data.records, c.request, zone, c.filters);
  const kept = cases.map((c) => run(c).visits);
  const times = timeCases(cases, opts.runs, run);
  const build: number[] = [];
  for (let r = 0; r < opts.runs; r++) {
    const t = performance.now();
    new VisitIndex(visits).join(data.records, data.productIds);
    build.push(performance.now() - t);
  }
  gc();
  const h0 = process.memoryUsage().heapUsed;
  const view = run(cases[0]);
  const callHeapMb = (process.memoryUsage().heapUsed - h0) / 1048576;
  const figures = measureFigures(visits, data.records, data.productIds, opts.runs);

  let eventsBytes = 0;
  for (const r of data.records.values())
    eventsBytes += r.time.byteLength + r.session.byteLength + r.flags.byteLength + r.country.byteLength;
  const stat = (k: number) => ({ median: median(times[k]), longest: Math.max(...times[k]) });
  return {
    products: opts.products,
    events: data.events,
    visits: visits.product.length,
    sessions: data.sessions,
    attentionEntries: visits.attentionBucket.length,
    runs: opts.runs,
    cases: cases.map((c, k) => ({ label: c.label, kept: kept[k], ...stat(k) })),
    indexBuild: { median: median(build), longest: Math.max(...build) },
    figures,
    visitsMb,
    callHeapMb,
    eventsMb: eventsBytes / 1048576,
    answer,
    viewBytes: Buffer.byteLength(JSON.stringify(view)),
  };
}

export function insightsReport(r: InsightsResult, worker: WorkerTimes | null): string {
  const ms = (x: number) => `${x.toFixed(1)} ms`;
  const mb = (b: number) => `${(b / 1048576).toFixed(1)} MB`;
  const n = (x: number) => x.toLocaleString('en-GB');
  const verdict = (x: number) => (x <= FRAME_MS ? 'met' : '**missed**');
  return [
    `## 3D and AR insight: computeInsights at ${n(r.events)} events`,
    '',
    `${r.products} products x ${n(r.events / r.products)} events, ${n(r.visits)} visits (${n(r.attentionEntries)} attention buckets), ${n(r.sessions)} sessions, synthetic and in memory (\`bench/insightsData.ts\`); \`workers/analytics/insights.ts\` timed in Node (V8) as the worker runs it on a filter or selection change, the visits answer held, and the same cases in a dedicated worker of Chromium ${worker?.chromium ?? '(not run)'} (\`bench/insightsWorker.ts\`). Median of ${r.runs} interleaved runs after a warm-up; target: one frame (${FRAME_MS} ms), as today's selection switch.`,
    '',
    '| selection | visits kept | Node median / longest | Chromium worker median / longest | ≤ one frame (worker median) |',
    '|---|---|---|---|---|',
    ...r.cases.map((c, k) => {
      const w = worker?.cases[k];
      const inWorker = w ? `${ms(w.median)} / ${ms(w.longest)}` : 'not run';
      return `| ${c.label} | ${n(c.kept)} | ${ms(c.median)} / ${ms(c.longest)} | ${inWorker} | ${verdict(w?.median ?? c.median)} |`;
    }),
    `| the first call in the worker: the visit index built and joined, the JIT cold | | | ${worker ? ms(worker.first) : 'not run'} | |`,
    `| once per data version, not per switch: the visit index built and every product's visits joined to their events (\`workers/analytics/visitIndex.ts\`), warm | ${n(r.visits)} | ${ms(r.indexBuild.median)} / ${ms(r.indexBuild.longest)} | | |`,
    '',
    `The main figures (cards, chart, ranking) with a filter on, as \`engine.ts\`'s composeFiltered counts them: the records narrowed to the events the filters allow, once per filter, then one tally pass per selection (nothing is prepared ahead under filters). "No filter" is the same pass over the whole records, as when no prepared tally is kept.`,
    '',
    '| main figures, every product | Node median / longest | Chromium worker median / longest | ≤ one frame (worker median) |',
    '|---|---|---|---|',
    ...r.figures.map((c, k) => {
      const w = worker?.figures[k];
      const inWorker = w ? `${ms(w.median)} / ${ms(w.longest)}` : 'not run';
      return `| ${c.label} | ${ms(c.median)} / ${ms(c.longest)} | ${inWorker} | ${verdict(w?.median ?? c.median)} |`;
    }),
    '',
    '| memory and transfer | value |',
    '|---|---|',
    `| visits answer (JSON as the server writes it) | ${mb(r.answer.bytes)} |`,
    `| visits answer, gzip / brotli (quality 4, @fastify/compress's default) | ${mb(r.answer.gzip)} / ${mb(r.answer.brotli)} |`,
    `| JSON.parse and shape check of the answer (once per fetch, not per switch) | ${ms(r.answer.parseMs)} |`,
    `| their conversion to typed arrays, as the worker holds and stores them (once per fetch) | ${ms(r.answer.typedMs)} |`,
    `| the visits' typed arrays, held by the worker and stored in IndexedDB (\`sources\` apart) | ${r.visitsMb.toFixed(1)} MB |`,
    `| JS heap grown by one call (every product, no filter; a lower bound: young collections may run within) | ${r.callHeapMb.toFixed(1)} MB |`,
    `| the events' typed arrays the join reads (already held by the engine) | ${r.eventsMb.toFixed(1)} MB |`,
    `| the view posted to the page (JSON) | ${(r.viewBytes / 1024).toFixed(1)} kB |`,
    '',
  ].join('\n');
}

async function standalone() {
  const size = { products: numberArg('products', 334), events: numberArg('events', 3000), runs: numberArg('runs', 9) };
  const result = measureInsights({ ...size, log: (s) => console.log(s) });
  const worker = await measureInsightsInWorker(size);
  const index = await benchmarkIndex();
  const machine = machineNow('', index);
  console.log(
    `\n${insightsReport(result, worker)}\n${hostNote(machine)} _${machine.date}, load average ${machine.load}, Node ${machine.node}._\n`,
  );
}

if (import.meta.url === `file://${process.argv[1]}`) {
  standalone().catch((err) => {
    console.error(err);
    process.exit(1);
  });
}
