// npm run load: 50 concurrent users for LOAD_SECONDS (default 60) on loopback, against the real server
// (server/main.ts with its demo data) on PGlite, then on PostgreSQL when TEST_DATABASE_URL or
// 127.0.0.1:5432 answers. Each user signs in once, then loops over a realistic mix: current user,
// customer list, companies, products and the company summary of the dashboard, a customer created,
// edited and read back. Afterwards every acknowledged creation must be readable. Then, on the same server,
// the viewers' events (tests/load/collect.ts): POST /api/collect for LOAD_SECONDS, every accepted event
// looked for afterwards. Prints p99 latency and throughput per database; exits 1 on any error, lost write
// or missed target. LOAD_ONLY=api or LOAD_ONLY=collect runs one part, LOAD_DB=pglite or postgres one database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { freshDatabase, postgresUrl, spawnServer } from '../faults/helpers';
import { loadApi, PASSWORD } from './api';
import { type CollectOutcome, loadCollect, UNLIMITED_COLLECT } from './collect';

const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const USERS = Number(process.env.LOAD_USERS || 50);
const ONLY = process.env.LOAD_ONLY;
/** LOAD_DB=pglite or LOAD_DB=postgres measures one database only. */
const DB = process.env.LOAD_DB;
/** Events a second the collection route must sustain (issue 18), and its concurrent viewers' connections. */
const COLLECT_TARGET: Record<string, number> = { PGlite: 1000, PostgreSQL: 3000 };
const COLLECT_CONNECTIONS = Number(process.env.LOAD_COLLECT_CONNECTIONS || 20);

interface Outcome {
  label: string;
  requests: number;
  throughput: number;
  p50: number;
  p99: number;
  errors: number;
  non2xx: number;
  created: number;
  lost: number;
}

async function runAgainst(
  label: string,
  env: Record<string, string>,
): Promise<{ api?: Outcome; collect?: CollectOutcome }> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-load-'));
  process.stdout.write(`\n[${label}] démarrage du serveur (données de démonstration)…\n`);
  const server = await spawnServer({ SEED: 'on', ...UNLIMITED_COLLECT, ...env }, dataDir);
  try {
    const adminToken = await signInAdmin(server.url);
    const api = ONLY === 'collect' ? undefined : await loadApiChecked(label, server.url, adminToken);
    if (ONLY === 'api') return { api };
    process.stdout.write(
      `[${label}] événements des visionneuses : ${COLLECT_CONNECTIONS} connexions pendant ${SECONDS} s…\n`,
    );
    const collect = await loadCollect({
      label,
      base: server.url,
      adminToken,
      seconds: SECONDS,
      connections: COLLECT_CONNECTIONS,
      target: COLLECT_TARGET[label],
      secret: fs.readFileSync(path.join(dataDir, 'jwt-secret'), 'utf8').trim(),
    });
    return { api, collect };
  } finally {
    await server.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

async function signInAdmin(base: string): Promise<string> {
  const res = await fetch(`${base}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail: 'admin@demo.fr', password: PASSWORD }),
  });
  return (await res.json()).token;
}

/** The back-office mix (tests/load/api.ts), then every acknowledged creation read back through the API. */
async function loadApiChecked(label: string, base: string, token: string): Promise<Outcome> {
  process.stdout.write(`[${label}] ${USERS} utilisateurs pendant ${SECONDS} s…\n`);
  const { result, created } = await loadApi({ label, base, seconds: SECONDS, users: USERS });
  // Every acknowledged creation is readable afterwards, with what was sent.
  let lost = 0;
  for (const [id, mail] of created) {
    const res = await fetch(`${base}/api/Customers/${id}`, { headers: { authorization: `Bearer ${token}` } });
    if (res.status !== 200 || (await res.json()).mail !== mail) lost++;
  }
  return {
    label,
    requests: result.requests.total,
    throughput: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    created: created.size,
    lost,
  };
}

function table(head: string[], rows: string[][]): string {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i].length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padStart(widths[i])).join(' | ')} |`;
  return `${line(head)}\n${line(widths.map((w) => '-'.repeat(w)))}\n${rows.map(line).join('\n')}\n`;
}

async function main() {
  const outcomes = DB === 'postgres' ? [] : [await runAgainst('PGlite', {})];
  const pg = DB === 'pglite' ? null : await postgresUrl();
  if (pg) {
    const db = await freshDatabase(pg);
    try {
      outcomes.push(await runAgainst('PostgreSQL', { DATABASE_URL: db.url }));
    } finally {
      await db.drop();
    }
  } else
    process.stdout.write('\nPostgreSQL injoignable (TEST_DATABASE_URL ou 127.0.0.1:5432) : seul PGlite est mesuré.\n');

  const api = outcomes.flatMap((o) => (o.api ? [o.api] : []));
  const collect = outcomes.flatMap((o) => (o.collect ? [o.collect] : []));
  if (api.length) {
    const rows = api.map((o) =>
      [o.label, o.requests, o.throughput.toFixed(0), o.p50, o.p99, o.errors, o.non2xx, o.created, o.lost].map(String),
    );
    process.stdout.write(`\nCharge : ${USERS} utilisateurs, ${SECONDS} s, boucle locale\n`);
    process.stdout.write(
      table(
        ['Base', 'Requêtes', 'Débit (req/s)', 'p50 (ms)', 'p99 (ms)', 'Erreurs', 'Non-2xx', 'Créations', 'Perdues'],
        rows,
      ),
    );
  }
  if (collect.length) {
    const rows = collect.map((o) =>
      [
        o.label,
        o.connections,
        o.batches,
        o.accepted,
        o.eventsPerSecond.toFixed(0),
        o.slowestSecond,
        o.target,
        o.p50,
        o.p99,
        o.errors,
        o.non2xx,
        o.found,
        o.lost,
        o.passed ? 'oui' : 'NON',
      ].map(String),
    );
    process.stdout.write(`\nCollecte (POST /api/collect) : ${SECONDS} s, boucle locale\n`);
    process.stdout.write(
      table(
        [
          'Base',
          'Connexions',
          'Lots',
          'Événements',
          'Év./s',
          'Seconde la plus lente',
          'Objectif (év./s)',
          'p50 (ms)',
          'p99 (ms)',
          'Erreurs',
          'Non-2xx',
          'Retrouvés',
          'Perdus',
          'Atteint',
        ],
        rows,
      ),
    );
  }
  const failed = api.some((o) => o.errors || o.non2xx || o.lost || !o.created) || collect.some((o) => !o.passed);
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
