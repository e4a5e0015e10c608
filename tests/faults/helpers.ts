// Shared steps of the fault tests: a server process (tests/helpers/server.ts) started without demo data
// but with a first Admin (npm run create-admin), JSON calls over real HTTP, and a fresh PostgreSQL database.
import { spawn, spawnSync } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';

import pg from 'pg';

import { freePort, ROOT, type RunningServer } from '../helpers/server';

export const ADMIN = { mail: 'panne.admin@exemple.fr', password: 'Panne!Admin2026' };

/** Runs create-admin against a data directory (PGlite) or a PostgreSQL URL. */
export function createAdmin(target: { dataDir: string; databaseUrl?: string }): void {
  const run = spawnSync(
    process.execPath,
    [path.join(ROOT, 'node_modules/tsx/dist/cli.mjs'), path.join(ROOT, 'scripts/create-admin.ts')],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        DATA_DIR: target.dataDir,
        DATABASE_URL: target.databaseUrl ?? '',
        ADMIN_MAIL: ADMIN.mail,
        ADMIN_PASSWORD: ADMIN.password,
      },
      encoding: 'utf8',
    },
  );
  if (run.status !== 0) throw new Error(`create-admin: ${run.stdout}${run.stderr}`);
}

export async function api(
  base: string,
  method: string,
  url: string,
  token?: string,
  body?: unknown,
): Promise<{ status: number; json: () => Promise<any>; bytes: () => Promise<Buffer> }> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${base}${url}`, { method, headers, body: payload });
  const buf = Buffer.from(await res.arrayBuffer());
  return { status: res.status, json: async () => JSON.parse(buf.toString()), bytes: async () => buf };
}

export async function signIn(base: string): Promise<string> {
  const res = await api(base, 'POST', '/api/Auth/backoffice/login', undefined, ADMIN);
  if (res.status !== 200) throw new Error(`login ${res.status}`);
  return (await res.json()).token;
}

/** The PostgreSQL of the machine (TEST_DATABASE_URL, or the local default), when it answers. */
export async function postgresUrl(): Promise<string | null> {
  const url = process.env.TEST_DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    await client.end();
    return url;
  } catch {
    return null;
  }
}

/** A new empty database on that server; drop() removes it. */
export async function freshDatabase(serverUrl: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `faults_${crypto.randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: serverUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const a = new pg.Client({ connectionString: serverUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** A customer body the creation schema accepts. */
export const customerBody = (n: number) => ({
  nom: 'Panne',
  prenom: 'Ecriture',
  mail: `ecriture${n}@panne.test`,
  mobile: '0612345678',
  compagny: 'SARL Panne',
});

/** A small but complete PDF, different each time (its number inside). */
export const pdfOf = (n: number) =>
  Buffer.from(`%PDF-1.4\n% devis ${n} ${'x'.repeat(2000 + (n % 50) * 100)}\ntrailer<<>>\n%%EOF\n`);

/**
 * server/main.ts in ONE process (node --import tsx): the tsx command runs the server in a child process,
 * so a SIGKILL sent to it would leave the real server running. Port fixed or free; resolves once ready.
 */
export async function spawnServer(env: Record<string, string>, dataDir: string, port?: number): Promise<RunningServer> {
  const p = port ?? (await freePort());
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(ROOT, 'server/main.ts')], {
    cwd: ROOT,
    // REDIS_URL (set by CI for the shared-counter test) would share sign-in failures between runs.
    env: {
      ...process.env,
      REDIS_URL: '',
      PORT: String(p),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      LOG_LEVEL: 'error',
      SKIP_BUILD: '1',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.on('data', (d) => (out += d));
  child.stderr.on('data', (d) => (out += d));
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`le serveur n'a pas démarré :\n${out}`)), 240_000);
    child.stdout.on('data', () => {
      if (out.includes('prêt sur')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.on('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`le serveur s'est arrêté (code ${code}) :\n${out}`));
    });
  });
  return {
    url: `http://127.0.0.1:${p}`,
    dataDir,
    child,
    output: () => out,
    stop: (signal = 'SIGTERM') =>
      new Promise((resolve) => {
        if (child.exitCode !== null || child.signalCode) return resolve();
        child.once('exit', () => resolve());
        child.kill(signal);
      }),
  };
}
