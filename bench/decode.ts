// What the binary columns answer saves the worker (docs/dashboard.md): per product of E events, the JSON columns
// answer parsed and turned into typed arrays (JSON.parse + fromCompact, as before) against the binary answer
// copied out (decodeColumns + fromBinary), and the bytes of each compressed as the server sends them
// (gzip level 1). Events are synthetic and deterministic, shaped as the bench's (sessions up to 100 000,
// 8 countries, times over two years in write order). Standalone: `npx tsx bench/decode.ts [events] [runs]`.
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { gzipSync } from 'node:zlib';

import { decodeColumns, encodeColumns } from '#domain/analytics/binaryColumns';

import { fromBinary, fromCompact } from '../workers/analytics/columns';
import { seededRandom } from './random';
import { median } from './stats';

const EVENTS = Number(process.argv[2] ?? 3000);
const RUNS = Number(process.argv[3] ?? 300);

const random = seededRandom(7);
const time: number[] = [];
const session: number[] = [];
const flags: number[] = [];
const country: number[] = [];
let t = Date.UTC(2024, 10, 1);
for (let i = 0; i < EVENTS; i++) {
  t += Math.floor((random() * 2 * 63_072_000_000) / EVENTS);
  time.push(t);
  session.push(Math.floor(random() * 100_000));
  flags.push(Math.floor(random() * 16));
  country.push(Math.floor(random() * 8));
}
const countries = ['FR', 'BE', 'CH', 'DE', 'ES', 'IT', 'US', ''];
const json = JSON.stringify({ time, session, flags, country, countries });
const binary = encodeColumns({ time, session, flags, country, countries });
const binaryBuffer = binary.buffer.slice(binary.byteOffset, binary.byteOffset + binary.byteLength) as ArrayBuffer;

/**
 * The median of one decode, and the mean over a back-to-back series of RUNS (as a cold load decodes one
 * answer after another): the mean includes the garbage collections each way's allocations cause.
 */
function measure(f: () => unknown): { median: number; mean: number } {
  for (let i = 0; i < 20; i++) f(); // warm-up (JIT)
  const xs: number[] = [];
  const start = performance.now();
  for (let r = 0; r < RUNS; r++) {
    const t0 = performance.now();
    f();
    xs.push(performance.now() - t0);
  }
  return { median: median(xs), mean: (performance.now() - start) / RUNS };
}

const decodeJson = () => fromCompact(1, JSON.parse(json));
// The worker receives a fresh ArrayBuffer per answer: a copy stands for it.
const decodeBinary = () => fromBinary(1, decodeColumns(binaryBuffer.slice(0)));
// Alternated series, so that a busy machine slows both alike; the medians of each series' figures kept.
const series = {
  json: [] as Array<{ median: number; mean: number }>,
  binary: [] as Array<{ median: number; mean: number }>,
};
for (let k = 0; k < 5; k++) {
  series.json.push(measure(decodeJson));
  series.binary.push(measure(decodeBinary));
}
const pick = (xs: Array<{ median: number; mean: number }>) => ({
  median: median(xs.map((x) => x.median)),
  mean: median(xs.map((x) => x.mean)),
});
const j = pick(series.json);
const b = pick(series.binary);
const kb = (n: number) => `${(n / 1000).toFixed(1)} KB`;
console.log(
  `Host: ${os.cpus().length} cores, ${os.cpus()[0]?.model ?? '?'}, load average ${os
    .loadavg()
    .map((l) => l.toFixed(1))
    .join(' / ')}`,
);
console.log(`${EVENTS} events per product, median of ${RUNS} decodings`);
console.log(
  'answer | decoding (median) | decoding (mean in a series, garbage collection included) | bytes | gzip level 1',
);
console.log(
  `JSON columns | ${j.median.toFixed(3)} ms | ${j.mean.toFixed(3)} ms | ${kb(json.length)} | ${kb(gzipSync(json, { level: 1 }).length)}`,
);
console.log(
  `binary columns | ${b.median.toFixed(3)} ms | ${b.mean.toFixed(3)} ms | ${kb(binary.length)} | ${kb(gzipSync(binary, { level: 1 }).length)}`,
);
console.log(
  `ratio (means): ${(j.mean / b.mean).toFixed(2)} x; for 334 products: ${(j.mean * 334).toFixed(0)} -> ${(b.mean * 334).toFixed(0)} ms of the worker's CPU`,
);
