// The 3D-file attack of docs/security-dos.md ("3D files") against the real server process (server/main.ts,
// demo data): while another company's user calls GET /api/User/current one call after the other, a Vendeur
// uploads the crafted 300 KB text STL (then its public model is viewed 6 times), then 6 binary STLs of
// 20 MB at once. Prints the light call's p50/p95/max per phase and the server's RSS (its conversion
// workers included), beside the host's CPU model. Not a test: timings only, nothing gated.
// Standalone: npx tsx bench/modelAttack.ts; npm run bench runs it too (--no-models to skip it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { DEMO_PASSWORD } from '../server/db/seed/accounts';
import { spawnServer } from '../tests/faults/helpers';
import { binaryStl, craftedStl, rssMb, rssPeak, uploadProduct } from '../tests/security/harness/stlAttack';
import { median, percentile } from './stats';

export interface ModelAttackPhase {
  label: string;
  statuses: number[];
  light: { p50: number; p95: number; max: number; n: number };
  baselineMB: number;
  peakMB: number;
}

async function signIn(base: string, mail: string): Promise<string> {
  const res = await fetch(`${base}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password: DEMO_PASSWORD }),
  });
  return ((await res.json()) as { token: string }).token;
}

/** GET /api/User/current one call after another while `work` runs; each call's time. */
async function measured<T>(
  base: string,
  token: string,
  work: () => Promise<T>,
): Promise<{ result: T; times: number[] }> {
  const times: number[] = [];
  let running = true;
  const calls = (async () => {
    while (running) {
      const t = performance.now();
      const res = await fetch(`${base}/api/User/current`, { headers: { authorization: `Bearer ${token}` } });
      await res.arrayBuffer();
      times.push(performance.now() - t);
      await new Promise((r) => setTimeout(r, 5));
    }
  })();
  try {
    return { result: await work(), times };
  } finally {
    running = false;
    await calls;
  }
}

export async function runModelAttackBench(
  log: (s: string) => void = console.log,
): Promise<{ phases: ModelAttackPhase[]; markdown: string }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-bench-models-'));
  log(`\nCrafted 3D models: server (PGlite, demo data, ${dataDir})…`);
  const server = await spawnServer({ UPLOADS_PER_USER: '6' }, dataDir);
  const pid = server.child.pid!;
  const phases: ModelAttackPhase[] = [];
  try {
    const [vendeur, other] = await Promise.all([
      signIn(server.url, 'vendeur@demo.fr'),
      signIn(server.url, 'directeur@atelier-bois.fr'),
    ]);
    const categories = await fetch(`${server.url}/api/Categorie`, { headers: { authorization: `Bearer ${vendeur}` } });
    const categoryId = ((await categories.json()) as { $values: Array<{ id: number }> }).$values[0].id;
    const heavy = binaryStl(20_000_000);

    const phase = async (label: string, work: () => Promise<number[]>) => {
      await new Promise((r) => setTimeout(r, 1000));
      const baseline = rssMb(pid);
      const sampler = rssPeak(pid);
      const { result: statuses, times } = await measured(server.url, other, work);
      const row: ModelAttackPhase = {
        label,
        statuses,
        light: { p50: median(times), p95: percentile(times, 95), max: Math.max(...times), n: times.length },
        baselineMB: baseline,
        peakMB: sampler.stop(),
      };
      phases.push(row);
      log(
        `${label}: answers ${statuses.join(', ')}; light call p50 ${row.light.p50.toFixed(0)} ms, p95 ${row.light.p95.toFixed(0)} ms, max ${row.light.max.toFixed(0)} ms (${row.light.n}); RSS ${row.baselineMB.toFixed(0)} → ${row.peakMB.toFixed(0)} MB`,
      );
    };

    await phase('idle (3 s)', async () => {
      await new Promise((r) => setTimeout(r, 3000));
      return [];
    });
    let crafted = 0;
    await phase('crafted 300 KB text STL uploaded', async () => {
      const res = await uploadProduct(server.url, vendeur, categoryId, craftedStl(), 'Crafted file');
      crafted = res.body.idGroupeModel as number;
      return [res.status];
    });
    await phase('6 public views of its model', async () => {
      const g = await fetch(`${server.url}/api/GroupeModel/${crafted}`, {
        headers: { authorization: `Bearer ${vendeur}` },
      });
      const key = ((await g.json()) as { publicKey: string }).publicKey;
      return Promise.all(
        Array.from({ length: 6 }, async () => {
          const res = await fetch(`${server.url}/api/viewer/${key}/model`);
          await res.arrayBuffer();
          return res.status;
        }),
      );
    });
    await phase('6 binary STLs of 20 MB uploaded together', async () =>
      (
        await Promise.all(
          Array.from({ length: 6 }, (_, i) => uploadProduct(server.url, vendeur, categoryId, heavy, `Heavy ${i}`)),
        )
      ).map((r) => r.status),
    );
    return { phases, markdown: markdown(phases) };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

function markdown(phases: ModelAttackPhase[]): string {
  const rows = phases.map(
    (p) =>
      `| ${p.label} | ${p.statuses.join(', ') || '—'} | ${p.light.p50.toFixed(0)} ms | ${p.light.p95.toFixed(0)} ms | ${p.light.max.toFixed(0)} ms | ${p.baselineMB.toFixed(0)} MB | ${p.peakMB.toFixed(0)} MB |`,
  );
  return [
    "## Crafted 3D models: a light call and the server's memory",
    '',
    `CPU: ${os.cpus()[0]?.model ?? '?'} (${os.cpus().length} cores). A Vendeur uploads the crafted text STL`,
    "(300 KB, 'solid' repeated without 'endsolid'), then 6 binary STLs of 20 MB at once; a user of another",
    'company calls `GET /api/User/current` continuously. RSS of the server process (its conversion workers included).',
    '',
    '| phase | answers | light call p50 | p95 | max | RSS before | peak RSS |',
    '|---|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  runModelAttackBench()
    .then(({ markdown: text }) => console.log(`\n${text}`))
    .catch((err) => {
      console.error(err);
      process.exit(1);
    });
}
