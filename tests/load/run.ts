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

import autocannon, { type Request } from 'autocannon';

import { freshDatabase, postgresUrl, spawnServer } from '../faults/helpers';
import { type CollectOutcome, loadCollect } from './collect';

const SECONDS = Number(process.env.LOAD_SECONDS || 60);
const USERS = Number(process.env.LOAD_USERS || 50);
const PASSWORD = 'Demo!2026pass';
const ONLY = process.env.LOAD_ONLY;
/** LOAD_DB=pglite or LOAD_DB=postgres measures one database only. */
const DB = process.env.LOAD_DB;
/** Events a second the collection route must sustain (issue 18), and its concurrent viewers' connections. */
const COLLECT_TARGET: Record<string, number> = { PGlite: 1000, PostgreSQL: 3000 };
const COLLECT_CONNECTIONS = Number(process.env.LOAD_COLLECT_CONNECTIONS || 20);
// Every simulated visitor shares the loopback address and the demo's few hundred keys: the per-address and
// per-key limits (docs/viewer.md) would measure themselves, so they are raised for this server.
const UNLIMITED_COLLECT = {
  COLLECT_BATCHES_PER_ADDRESS: '100000000',
  COLLECT_EVENTS_PER_KEY_ADDRESS: '1000000000',
  COLLECT_EVENTS_PER_KEY: '1000000000',
  COLLECT_VISITS_PER_ADDRESS: '100000000',
};
const ACCOUNTS = [
  'directeur@demo.fr',
  'manager@demo.fr',
  'vendeur@demo.fr',
  'vendeur2@demo.fr',
  'vendeur@atelier-bois.fr',
  'directeur@atelier-bois.fr',
];

interface Context {
  token?: string;
  mail?: string;
  entrepriseId?: number;
  customerId?: number;
  n?: number;
}

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
    const api = ONLY === 'collect' ? undefined : await loadApi(label, server.url, adminToken);
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

/** The back-office mix: 50 users signing in, reading, creating and editing customers. */
async function loadApi(label: string, base: string, token: string): Promise<Outcome> {
  const created = new Map<number, string>();
  let connection = 0;
  let seq = 0;
  const json = () => ({ 'content-type': 'application/json' });
  const auth = (c: Context) => ({ authorization: `Bearer ${c.token}` });

  const requests: Request[] = [
    {
      // Sign in once per user; afterwards this step is the current-user call of each page load.
      method: 'POST',
      path: '/api/Auth/backoffice/login',
      setupRequest: (req, c: Context) => {
        c.mail ??= ACCOUNTS[connection++ % ACCOUNTS.length];
        if (c.token) return { ...req, method: 'GET', path: '/api/User/current', headers: auth(c), body: undefined };
        return { ...req, headers: json(), body: JSON.stringify({ mail: c.mail, password: PASSWORD }) };
      },
      onResponse: (status, body, c: Context) => {
        if (status === 200 && !c.token) c.token = JSON.parse(body).token;
      },
    },
    {
      method: 'GET',
      path: '/api/User/current',
      setupRequest: (req, c: Context) => ({ ...req, headers: auth(c) }),
      onResponse: (status, body, c: Context) => {
        if (status === 200) c.entrepriseId = JSON.parse(body).entrepriseId;
      },
    },
    {
      method: 'GET',
      path: '/api/Customers/forCurrentUser',
      setupRequest: (req, c: Context) => ({ ...req, headers: auth(c) }),
    },
    { method: 'GET', path: '/api/Entreprise', setupRequest: (req, c: Context) => ({ ...req, headers: auth(c) }) },
    {
      method: 'GET',
      path: '/api/Produit/Entreprise/0',
      setupRequest: (req, c: Context) => ({
        ...req,
        path: `/api/Produit/Entreprise/${c.entrepriseId}`,
        headers: auth(c),
      }),
    },
    {
      method: 'GET',
      path: '/api/ProductStatistics/Entreprise/0/summary',
      setupRequest: (req, c: Context) => ({
        ...req,
        path: `/api/ProductStatistics/Entreprise/${c.entrepriseId}/summary`,
        headers: auth(c),
      }),
    },
    {
      method: 'POST',
      path: '/api/Customers/NewCustomer',
      setupRequest: (req, c: Context) => {
        c.n = ++seq;
        const body = {
          nom: 'Charge',
          prenom: 'Client',
          mail: `charge${c.n}@${label.toLowerCase()}.test`,
          mobile: '0612345678',
          compagny: 'SARL Charge',
        };
        return { ...req, headers: { ...json(), ...auth(c) }, body: JSON.stringify(body) };
      },
      onResponse: (status, body, c: Context) => {
        if (status !== 201) return;
        const customer = JSON.parse(body);
        c.customerId = customer.customerId;
        created.set(customer.customerId, customer.mail);
      },
    },
    {
      method: 'PUT',
      path: '/api/Customers/0',
      setupRequest: (req, c: Context) => ({
        ...req,
        path: `/api/Customers/${c.customerId}`,
        headers: { ...json(), ...auth(c) },
        body: JSON.stringify({
          nom: 'Charge',
          prenom: 'Modifié',
          mail: `charge${c.n}@${label.toLowerCase()}.test`,
          mobile: '0612345678',
          city: 'Lyon',
          postalCode: '69001',
        }),
      }),
    },
    {
      method: 'GET',
      path: '/api/Customers/0',
      setupRequest: (req, c: Context) => ({ ...req, path: `/api/Customers/${c.customerId}`, headers: auth(c) }),
    },
  ];

  process.stdout.write(`[${label}] ${USERS} utilisateurs pendant ${SECONDS} s…\n`);
  const result = await autocannon({ url: base, connections: USERS, duration: SECONDS, timeout: 30, requests });
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
