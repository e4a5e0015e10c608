// Sign-in flood: the real server process (server/main.ts, demo data, TRUST_PROXY so that X-Forwarded-For
// spreads the attack) receives 87 failed sign-ins a second for 12 s from 240 addresses and as many mails
// (never throttled: each pair is new), while one person signs in and downloads a catalogue file every
// 250 ms. Prints the person's sign-in and download times quiet and under the flood, and how the flood was
// answered (401 verified, 503 refused by the verification gate: server/auth/verificationGate.ts).
// `npx tsx bench/loginFlood.ts` alone, or a section of `npm run bench`. Timings only here, never in tests.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEMO_PASSWORD } from '../server/db/seed/accounts';
import { spawnServer } from '../tests/faults/helpers';
import { percentile } from './stats';

const RATE = 87;
const SECONDS = 12;
const ADDRESSES = 240;
const PROBE_MS = 250;

interface Sample {
  ms: number;
  status: number;
}

async function timed(request: () => Promise<Response>): Promise<Sample> {
  const started = performance.now();
  const res = await request();
  await res.arrayBuffer();
  return { ms: performance.now() - started, status: res.status };
}

const signIn = (base: string, mail: string, password: string, address: string) =>
  fetch(`${base}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': address },
    body: JSON.stringify({ mail, password }),
  });

export interface FloodRow {
  phase: string;
  signIn: Sample[];
  download: Sample[];
}

const p = (xs: Sample[], q: number) =>
  Math.round(
    percentile(
      xs.map((s) => s.ms),
      q,
    ),
  );
const statuses = (xs: Sample[]) => {
  const counts = new Map<number, number>();
  for (const s of xs) counts.set(s.status, (counts.get(s.status) ?? 0) + 1);
  return [...counts].map(([status, n]) => `${n}× ${status}`).join(', ');
};

export async function runLoginFloodBench(
  log: (s: string) => void = console.log,
): Promise<{ rows: FloodRow[]; flood: Sample[]; markdown: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-bench-flood-'));
  log(`\nSign-in flood: server (PGlite, demo data, ${dataDir})…`);
  const server = await spawnServer({ TRUST_PROXY: 'true' }, dataDir);
  const base = server.url;
  try {
    const token = (
      (await (await signIn(base, 'admin@demo.fr', DEMO_PASSWORD, '192.0.2.1')).json()) as { token: string }
    ).token;
    const file = fs
      .readdirSync(path.join(dataDir, 'files', 'catalogue'))
      .find((n) => /\.(glb|png|jpe?g|pdf)$/.test(n))!;
    const download = () =>
      fetch(`${base}/api/Fichier/catalogue/${file}`, { headers: { authorization: `Bearer ${token}` } });
    const probe = async (during: () => boolean): Promise<FloodRow['signIn'][]> => {
      const ins: Sample[] = [];
      const downs: Sample[] = [];
      while (during()) {
        const next = new Promise((r) => setTimeout(r, PROBE_MS));
        const [a, b] = await Promise.all([
          timed(() => signIn(base, 'directeur@demo.fr', DEMO_PASSWORD, '192.0.2.2')),
          timed(download),
        ]);
        ins.push(a);
        downs.push(b);
        await next;
      }
      return [ins, downs];
    };
    // Warm-up, then quiet.
    for (let i = 0; i < 3; i++)
      await Promise.all([timed(download), timed(() => signIn(base, 'directeur@demo.fr', DEMO_PASSWORD, '192.0.2.2'))]);
    let end = Date.now() + 5000;
    const [quietIn, quietDown] = await probe(() => Date.now() < end);

    end = Date.now() + SECONDS * 1000;
    const flood: Array<Promise<Sample>> = [];
    let n = 0;
    const timer = setInterval(() => {
      for (let i = 0; i < RATE / 10 && Date.now() < end; i++, n++) {
        const address = `10.${(n % ADDRESSES) >> 8}.${n % ADDRESSES}.7`;
        flood.push(timed(() => signIn(base, `attaque${n}@exemple.fr`, 'mauvais', address)));
      }
    }, 100);
    const [floodIn, floodDown] = await probe(() => Date.now() < end);
    clearInterval(timer);
    const attack = await Promise.all(flood);

    const rows: FloodRow[] = [
      { phase: 'quiet', signIn: quietIn, download: quietDown },
      { phase: `flood (${RATE}/s, ${ADDRESSES} addresses)`, signIn: floodIn, download: floodDown },
    ];
    for (const r of rows)
      log(
        `${r.phase}: sign-in p50 ${p(r.signIn, 50)} ms, p95 ${p(r.signIn, 95)} ms (${statuses(r.signIn)}); file p50 ${p(r.download, 50)} ms, p95 ${p(r.download, 95)} ms`,
      );
    log(`flood: ${attack.length} attempts, ${statuses(attack)}`);
    const markdown = [
      '## Sign-in flood (bench/loginFlood.ts)',
      '',
      `CPU: ${os.cpus()[0]?.model ?? '?'} (${os.cpus().length} cores), UV_THREADPOOL_SIZE ${process.env.UV_THREADPOOL_SIZE ?? '4 (default)'}`,
      '',
      '| phase | sign-in p50 | sign-in p95 | answers | file p50 | file p95 |',
      '|---|---|---|---|---|---|',
      ...rows.map(
        (r) =>
          `| ${r.phase} | ${p(r.signIn, 50)} ms | ${p(r.signIn, 95)} ms | ${statuses(r.signIn)} | ${p(r.download, 50)} ms | ${p(r.download, 95)} ms |`,
      ),
      '',
      `The flood's attempts: ${attack.length} (${statuses(attack)}).`,
      '',
    ].join('\n');
    return { rows, flood: attack, markdown };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  console.log(`CPU: ${os.cpus()[0]?.model ?? '?'}`);
  const { markdown } = await runLoginFloodBench();
  console.log(`\n${markdown}`);
}
