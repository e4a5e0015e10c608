// Several instances behind nginx, one of them killed (npm run scale, tests/faults/scale.test.ts): a fresh
// PostgreSQL database, Redis, an S3 server (s3rver, as the tests use), N instances of `npm start`'s server
// and nginx running deploy/nginx's upstream block and proxy snippet. The back-office load
// (tests/load/api.ts) and the viewers' events (tests/load/collect.ts) go through nginx while one instance
// is SIGKILLed halfway; afterwards every acknowledged write and every accepted event is looked for in the
// database. docs/deploy.md explains the configuration, bench/results.md holds the figures.
import { type ChildProcess, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

import pg from 'pg';

import { ensureDist } from '../../server/build/ensureDist';
import { freshDatabase, postgresUrl, spawnServer } from '../faults/helpers';
import { startS3Server, type TestS3 } from '../helpers/s3Server';
import { freePort, ROOT, type RunningServer } from '../helpers/server';
import { loadApi, PASSWORD } from './api';
import { loadCollect, UNLIMITED_COLLECT } from './collect';

export const NGINX = process.env.NGINX_PATH || '/usr/sbin/nginx';
export const REDIS_URL = process.env.REDIS_URL || 'redis://127.0.0.1:6379';

/** Methods nginx passes to another instance after a failure (docs/deploy.md): they must never fail. */
const IDEMPOTENT = new Set(['GET', 'HEAD', 'PUT', 'DELETE', 'OPTIONS']);

export interface ScaleOptions {
  seconds: number;
  /** Seconds after the start of the load at which one instance is SIGKILLed. */
  killAt: number;
  instances: number;
  users: number;
  collectConnections: number;
  /**
   * The share of POSTs that may fail (npm run scale: 1 %). That share is the time a request spends in
   * flight over the run's length, a timing: the test (tests/faults/scale.test.ts) leaves it out and keeps the
   * bound that holds on any host: each connection has one request in flight, so the kill can fail at most
   * one POST per connection, and nginx answers each with a 502.
   */
  maxFailedPostShare?: number;
  log: (line: string) => void;
}

export interface ScaleOutcome {
  seconds: number;
  instances: number;
  cpu: string;
  cores: number;
  /** The machine's load average (1 min) when the load started and when it ended: other work shares it. */
  loadAverage: [number, number];
  /** The killed instance did die of SIGKILL during the load. */
  killed: boolean;
  /** Requests with their method: idempotent ones and the others (POST), with how many failed. */
  idempotent: { requests: number; failed: number };
  nonIdempotent: { requests: number; failed: number };
  /** The first failed idempotent requests ("GET /path 502"), to tell why. */
  failedIdempotent: string[];
  /** The statuses of the failed POSTs, with their number (the deferred sign-ins apart). */
  failedPostStatuses: Record<number, number>;
  /**
   * Sign-ins answered 503 with Retry-After: the password-verification gate's answer when more sign-ins
   * arrive at once than an instance verifies and queues (docs/login-throttle.md), here when 50 users sign
   * in together. Not acknowledged, by design; the user signs in again at its next step.
   */
  signInsDeferred: number;
  /** Connection errors and timeouts between the load and nginx (none expected: nginx answers). */
  socketErrors: number;
  api: { requests: number; p50: number; p99: number };
  collect: { requests: number; p50: number; p99: number };
  throughput: number;
  customers: { acknowledged: number; lost: number; unacknowledgedKept: number };
  events: { accepted: number; lost: number; perSecondPerInstance: number };
  storage: { events: number; eventBytes: number; bytesPerEvent: number; sessionBytes: number };
  /** The proxy passes the immutable caching and the server's compression of a hashed asset. */
  assetHeaders: { cacheControl: string; contentEncoding: string; ok: boolean };
  passed: boolean;
  failures: string[];
}

/** Why the scenario cannot run here (PostgreSQL, Redis or nginx missing), or null. */
export async function scaleUnavailable(): Promise<string | null> {
  if (!fs.existsSync(NGINX)) return `nginx introuvable (${NGINX}) : apt-get install -y nginx`;
  if (!(await postgresUrl())) return 'PostgreSQL ne répond pas (TEST_DATABASE_URL ou 127.0.0.1:5432)';
  const redis = new URL(REDIS_URL);
  const answers = await new Promise<boolean>((resolve) => {
    const socket = net.connect(Number(redis.port || 6379), redis.hostname);
    socket.setTimeout(2000);
    socket.once('connect', () => (socket.end(), resolve(true)));
    socket.once('error', () => resolve(false));
    socket.once('timeout', () => (socket.destroy(), resolve(false)));
  });
  return answers ? null : `Redis ne répond pas (${REDIS_URL})`;
}

/**
 * nginx's configuration for this run: the upstream block of deploy/nginx/visio3d.conf with these instances'
 * addresses, a plain-HTTP server on loopback including deploy/nginx/visio3d-proxy.conf as it is, and what
 * Debian's nginx.conf puts in the http block (gzip on among it: the snippet must turn it off).
 */
export function nginxConfig(dir: string, port: number, upstreams: number[]): string {
  const site = fs.readFileSync(path.join(ROOT, 'deploy/nginx/visio3d.conf'), 'utf8');
  const block = /^upstream visio3d \{[\s\S]*?^\}/m.exec(site)?.[0];
  if (!block) throw new Error('deploy/nginx/visio3d.conf: no upstream visio3d block');
  const servers = [...block.matchAll(/^(\s*)server\s+\S+(.*);$/gm)];
  if (!servers.length) throw new Error('deploy/nginx/visio3d.conf: the upstream lists no server');
  const [, indent, params] = servers[0];
  const lines = upstreams.map((p) => `${indent}server 127.0.0.1:${p}${params};`).join('\n');
  const upstream = block
    .replace(/^\s*server\s+\S+.*;$\n?/gm, '')
    .replace(/(least_conn;|upstream visio3d \{)\n/, `$1\n${lines}\n`);
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, name)};`;
  // Run by root (CI containers), the workers would switch to nobody and could not write this directory.
  const user = process.getuid?.() === 0 ? 'user root;\n' : '';
  return `${user}daemon off;
worker_processes 1;
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'error.log')} warn;
events { worker_connections 1024; }
http {
  ${temp('client_body')}
  ${temp('proxy')}
  ${temp('fastcgi')}
  ${temp('uwsgi')}
  ${temp('scgi')}
  access_log off;
  sendfile on;
  tcp_nopush on;
  gzip on;

${upstream}

  server {
    listen 127.0.0.1:${port};
    include ${path.join(ROOT, 'deploy/nginx/visio3d-proxy.conf')};
  }
}
`;
}

async function startNginx(dir: string, port: number, upstreams: number[]): Promise<ChildProcess> {
  const conf = path.join(dir, 'nginx.conf');
  fs.writeFileSync(conf, nginxConfig(dir, port, upstreams));
  const child = spawn(NGINX, ['-p', dir, '-e', path.join(dir, 'error.log'), '-c', conf], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  const deadline = Date.now() + 20_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`nginx s'est arrêté (code ${child.exitCode}) :\n${out}`);
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/docs`);
      if (res.ok) return child;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) throw new Error(`nginx ne répond pas :\n${out}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

/** The first hashed script of the app's shell, asked as a browser does, through nginx. */
async function assetHeaders(base: string): Promise<ScaleOutcome['assetHeaders']> {
  const shell = await (await fetch(`${base}/login`)).text();
  const asset = /\/assets\/[^"']+\.js/.exec(shell)?.[0];
  if (!asset) return { cacheControl: '', contentEncoding: '', ok: false };
  const res = await fetch(`${base}${asset}`, { headers: { 'accept-encoding': 'br, gzip' } });
  await res.arrayBuffer();
  const cacheControl = res.headers.get('cache-control') ?? '';
  const contentEncoding = res.headers.get('content-encoding') ?? '';
  return {
    cacheControl,
    contentEncoding,
    ok: res.ok && cacheControl.includes('immutable') && /^(br|gzip)$/.test(contentEncoding),
  };
}

async function signIn(base: string, mail: string): Promise<string> {
  const res = await fetch(`${base}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password: PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`connexion de ${mail} : ${res.status} ${await res.text()}`);
  return ((await res.json()) as { token: string }).token;
}

export async function runScale(opts: ScaleOptions): Promise<ScaleOutcome> {
  const { log } = opts;
  const cleanup: Array<() => Promise<void> | void> = [];
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-scale-'));
  cleanup.push(() => fs.rmSync(tmp, { recursive: true, force: true }));
  try {
    ensureDist(ROOT, log);
    const pgServer = await postgresUrl();
    if (!pgServer) throw new Error('PostgreSQL ne répond pas');
    const db = await freshDatabase(pgServer);
    cleanup.push(() => db.drop());
    const s3: TestS3 = await startS3Server('visio3d-scale');
    cleanup.push(() => s3.close());

    const ports = await Promise.all(Array.from({ length: opts.instances }, () => freePort()));
    const secret = crypto.randomBytes(48).toString('base64url');
    const env = {
      DATABASE_URL: db.url,
      REDIS_URL,
      S3_BUCKET: s3.settings.bucket,
      S3_ENDPOINT: s3.settings.endpoint!,
      S3_REGION: s3.settings.region,
      S3_ACCESS_KEY_ID: s3.settings.accessKeyId!,
      S3_SECRET_ACCESS_KEY: s3.settings.secretAccessKey!,
      S3_FORCE_PATH_STYLE: 'on',
      JWT_SECRET: secret,
      // nginx runs on this machine: its address is the one proxy the instances believe.
      TRUST_PROXY: '127.0.0.1',
      SEED: 'on',
      ...UNLIMITED_COLLECT,
    };
    log(`${opts.instances} instances sur une base neuve (migrations et données de démonstration une fois)…`);
    const servers: RunningServer[] = [];
    cleanup.push(() => Promise.all(servers.map((s) => s.stop())).then(() => undefined));
    const started = await Promise.allSettled(
      ports.map((port, i) => {
        const dataDir = path.join(tmp, `instance-${i}`);
        fs.mkdirSync(dataDir);
        return spawnServer(env, dataDir, port).then((s) => (servers.push(s), s));
      }),
    );
    const failedStart = started.find((s) => s.status === 'rejected');
    if (failedStart) throw failedStart.reason;

    const nginxPort = await freePort();
    const nginxDir = path.join(tmp, 'nginx');
    fs.mkdirSync(nginxDir);
    const nginx = await startNginx(nginxDir, nginxPort, ports);
    cleanup.push(
      () =>
        new Promise<void>((resolve) => {
          if (nginx.exitCode !== null || nginx.signalCode) return resolve();
          nginx.once('exit', () => resolve());
          nginx.kill('SIGTERM');
        }),
    );
    const base = `http://127.0.0.1:${nginxPort}`;
    log(`nginx sur ${base} devant les ports ${ports.join(', ')}`);
    const headers = await assetHeaders(base);
    const adminToken = await signIn(base, 'admin@demo.fr');

    const counts = { idempotent: { requests: 0, failed: 0 }, nonIdempotent: { requests: 0, failed: 0 } };
    const failedPostStatuses: Record<number, number> = {};
    const failedIdempotent: string[] = [];
    let signInsDeferred = 0;
    const otherPosts: string[] = [];
    const observe = (method: string, status: number, url: string) => {
      const idempotent = IDEMPOTENT.has(method);
      const bucket = idempotent ? counts.idempotent : counts.nonIdempotent;
      bucket.requests++;
      if (status >= 200 && status < 300) return;
      if (status === 503 && url === '/api/Auth/backoffice/login') {
        signInsDeferred++;
        return;
      }
      bucket.failed++;
      if (idempotent && failedIdempotent.length < 20) failedIdempotent.push(`${method} ${url} ${status}`);
      if (!idempotent && status !== 502 && otherPosts.length < 20) otherPosts.push(`${method} ${url} ${status}`);
      if (!idempotent) failedPostStatuses[status] = (failedPostStatuses[status] ?? 0) + 1;
    };
    const victim = servers[0];
    const killer = setTimeout(() => {
      log(`SIGKILL de l'instance du port ${new URL(victim.url).port} à ${opts.killAt} s`);
      victim.child.kill('SIGKILL');
    }, opts.killAt * 1000);
    log(
      `Charge : ${opts.users} utilisateurs et ${opts.collectConnections} connexions de visionneuses pendant ${opts.seconds} s…`,
    );
    const loadBefore = os.loadavg()[0];
    const [api, collect] = await Promise.all([
      loadApi({ label: 'scale', base, seconds: opts.seconds, users: opts.users, observe }),
      loadCollect({
        label: 'scale',
        base,
        adminToken,
        seconds: opts.seconds,
        connections: opts.collectConnections,
        target: 0,
        secret,
        readBack: false,
      }),
    ]);
    clearTimeout(killer);
    const loadAfter = os.loadavg()[0];
    const killed = victim.child.signalCode === 'SIGKILL';
    // Every collection request is a POST.
    counts.nonIdempotent.requests += collect.batches + collect.non2xx;
    counts.nonIdempotent.failed += collect.non2xx;
    for (const [status, count] of Object.entries(collect.statusCodes))
      if (Number(status) >= 300) failedPostStatuses[Number(status)] = (failedPostStatuses[Number(status)] ?? 0) + count;

    // Read back from the database itself, not through the instances.
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    cleanup.push(() => client.end());
    const ids = [...api.created.keys()];
    const rows = await client.query<{ customer_id: number; mail: string }>(
      'select customer_id, mail from customers where customer_id = any($1::int[])',
      [ids],
    );
    const stored = new Map(rows.rows.map((r) => [r.customer_id, r.mail]));
    const lostCustomers = ids.filter((id) => stored.get(id) !== api.created.get(id)).length;
    const all = await client.query<{ n: string }>("select count(*) as n from customers where mail like '%@scale.test'");
    const unacknowledgedKept = Number(all.rows[0].n) - (ids.length - lostCustomers);

    const events = await client.query<{ user_session_id: string; produit_id: number; n: string }>(
      `select user_session_id, produit_id, count(*) as n from product_events
       where user_session_id like $1 group by user_session_id, produit_id`,
      [`${collect.prefix}%`],
    );
    const found = new Map(events.rows.map((r) => [`${r.user_session_id}/${r.produit_id}`, Number(r.n)]));
    let lostEvents = 0;
    for (const [session, a] of collect.sessions)
      lostEvents += Math.max(0, a.events - (found.get(`${session}/${a.product}`) ?? 0));

    const size = await client.query<{ bytes: string; n: string; sessions: string }>(
      `select pg_total_relation_size('product_events') as bytes, (select count(*) from product_events) as n,
              pg_total_relation_size('analytics_sessions') as sessions`,
    );
    const eventCount = Number(size.rows[0].n);
    const eventBytes = Number(size.rows[0].bytes);
    // Instance-seconds served: all of them until the kill, one fewer afterwards.
    const instanceSeconds = opts.instances * opts.killAt + (opts.instances - 1) * (opts.seconds - opts.killAt);

    const socketErrors = api.result.errors + api.result.timeouts + collect.errors; /* collect.errors has its timeouts */
    const failures: string[] = [];
    if (!killed) failures.push("l'instance n'a pas été tuée pendant la charge");
    if (!ids.length) failures.push('aucun client créé');
    if (!collect.accepted) failures.push('aucun événement accepté');
    if (lostCustomers) failures.push(`${lostCustomers} client(s) créé(s) (201) introuvable(s) dans la base`);
    if (lostEvents) failures.push(`${lostEvents} événement(s) accepté(s) (202) introuvable(s) dans la base`);
    if (counts.idempotent.failed)
      failures.push(`${counts.idempotent.failed} requête(s) idempotente(s) en échec : ${failedIdempotent.join(', ')}`);
    if (socketErrors) failures.push(`${socketErrors} erreur(s) de connexion ou délai(s) dépassé(s) vers nginx`);
    const connections = opts.users + opts.collectConnections;
    if (counts.nonIdempotent.failed > connections)
      failures.push(
        `${counts.nonIdempotent.failed} POST en échec : plus que les ${connections} connexions qui pouvaient en avoir un en vol vers l'instance tuée`,
      );
    const notProxyErrors = Object.keys(failedPostStatuses).filter((s) => s !== '502');
    if (notProxyErrors.length)
      failures.push(
        `POST en échec avec un autre statut que 502 : ${JSON.stringify(failedPostStatuses)} (${otherPosts.join(', ')})`,
      );
    if (
      opts.maxFailedPostShare !== undefined &&
      counts.nonIdempotent.failed >= counts.nonIdempotent.requests * opts.maxFailedPostShare
    )
      failures.push(
        `${counts.nonIdempotent.failed} POST en échec sur ${counts.nonIdempotent.requests} (moins de ${100 * opts.maxFailedPostShare} % attendu)`,
      );
    if (!headers.ok)
      failures.push(
        `un fichier haché passé par nginx : Cache-Control « ${headers.cacheControl} », Content-Encoding « ${headers.contentEncoding} »`,
      );

    // What nginx saw, for whoever reads a failure: the upstream errors (the killed instance's among them).
    if (failures.length) {
      const errors = fs.readFileSync(path.join(nginxDir, 'error.log'), 'utf8').trim().split('\n');
      log(`nginx error.log (${errors.length} lignes, les 30 dernières) :\n${errors.slice(-30).join('\n')}`);
    }

    return {
      seconds: opts.seconds,
      instances: opts.instances,
      cpu: os.cpus()[0]?.model ?? '?',
      cores: os.cpus().length,
      loadAverage: [loadBefore, loadAfter],
      killed,
      idempotent: counts.idempotent,
      nonIdempotent: counts.nonIdempotent,
      failedIdempotent,
      failedPostStatuses,
      signInsDeferred,
      socketErrors,
      api: { requests: api.result.requests.total, p50: api.result.latency.p50, p99: api.result.latency.p99 },
      collect: { requests: collect.batches + collect.non2xx, p50: collect.p50, p99: collect.p99 },
      throughput: (api.result.requests.total + collect.batches + collect.non2xx) / opts.seconds,
      customers: { acknowledged: ids.length, lost: lostCustomers, unacknowledgedKept },
      events: {
        accepted: collect.accepted,
        lost: lostEvents,
        perSecondPerInstance: collect.accepted / instanceSeconds,
      },
      storage: {
        events: eventCount,
        eventBytes,
        bytesPerEvent: eventCount ? eventBytes / eventCount : 0,
        sessionBytes: Number(size.rows[0].sessions),
      },
      assetHeaders: headers,
      passed: !failures.length,
      failures,
    };
  } finally {
    for (const step of cleanup.reverse()) {
      try {
        await step();
      } catch (err) {
        log(`nettoyage : ${(err as Error).message}`);
      }
    }
  }
}

export const SECTION = '## Plusieurs instances';

const n = (x: number, digits = 0) =>
  x.toLocaleString('fr-FR', { maximumFractionDigits: digits, minimumFractionDigits: digits }).replace(/\u202f/g, ' ');

/** The results as Markdown (French, as the rest of bench/results.md). */
export function scaleReport(o: ScaleOutcome, date = new Date()): string {
  const pct = (a: number, b: number) => (b ? `${n((100 * a) / b, 2)} %` : '0 %');
  return `${SECTION}

\`npm run scale\` le ${date.toISOString().slice(0, 16).replace('T', ' ')} UTC : ${o.instances} instances (\`server/main.ts\`) sur une base PostgreSQL neuve, Redis et un serveur S3 (s3rver), derrière nginx (\`deploy/nginx\`), sur une seule machine : ${o.cpu}, ${o.cores} cœurs, que partagent nginx, PostgreSQL, Redis, s3rver et le générateur de charge (charge moyenne sur 1 min : ${n(o.loadAverage[0], 1)} au départ, ${n(o.loadAverage[1], 1)} à la fin). ${o.seconds} s de charge, une instance tuée (SIGKILL) à mi-course.

| mesure | valeur |
|---|---|
| débit total (requêtes/s, par nginx) | ${n(o.throughput)} |
| back-office : requêtes, p50 / p99 | ${n(o.api.requests)}, ${o.api.p50} ms / ${o.api.p99} ms |
| collecte (POST /api/collect) : requêtes, p50 / p99 | ${n(o.collect.requests)}, ${o.collect.p50} ms / ${o.collect.p99} ms |
| requêtes idempotentes (GET, PUT) : total / en échec | ${n(o.idempotent.requests)} / ${o.idempotent.failed} |
| POST : total / en échec (en vol vers l'instance tuée) | ${n(o.nonIdempotent.requests)} / ${o.nonIdempotent.failed} (${pct(o.nonIdempotent.failed, o.nonIdempotent.requests)}), statuts ${JSON.stringify(o.failedPostStatuses)} |
| connexions différées (503 et Retry-After du contrôle des mots de passe, 50 utilisateurs à la fois) | ${o.signInsDeferred} |
| erreurs de connexion vers nginx | ${o.socketErrors} |
| clients créés (201) / retrouvés dans la base / perdus | ${n(o.customers.acknowledged)} / ${n(o.customers.acknowledged - o.customers.lost)} / ${o.customers.lost} |
| clients enregistrés sans réponse 201 (POST coupé après l'écriture) | ${o.customers.unacknowledgedKept} |
| événements acceptés (202) / perdus | ${n(o.events.accepted)} / ${o.events.lost} |
| événements par seconde et par instance en vie | ${n(o.events.perSecondPerInstance)} |
| octets par événement (\`pg_total_relation_size('product_events')\` / lignes, index compris) | ${n(o.storage.bytesPerEvent)} (${n(o.storage.events)} lignes, ${n(o.storage.eventBytes / 1024 / 1024, 1)} Mo) |
| \`analytics_sessions\` (une ligne par visite) | ${n(o.storage.sessionBytes / 1024 / 1024, 1)} Mo |
| fichier haché par nginx : Cache-Control, Content-Encoding | ${o.assetHeaders.cacheControl}, ${o.assetHeaders.contentEncoding} |
| verdict | ${o.passed ? 'rien de perdu, aucune requête idempotente en échec' : `**échec** : ${o.failures.join(' ; ')}`} |

Les durées dépendent de la machine et de ce qui tourne à côté : seules les pertes et les erreurs sont vérifiées (\`tests/faults/scale.test.ts\`, en 20 s).
`;
}
