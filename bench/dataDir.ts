// The benchmark's data: a PGlite data directory under bench/data/ (git-ignored) holding the demo accounts
// (small demo scale) and one synthetic company per size. Deterministic, so it is built once per set of
// sizes and reused by later runs (--fresh rebuilds it). PostgreSQL gets its own throw-away database.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

import { buildMissingAnswers } from '../server/analytics/storedAnswers';
import { type Database, openDatabase } from '../server/db/client';
import { refreshStatistics, seedDemo } from '../server/db/seed/index';
import { freshDatabase, postgresUrl } from '../tests/faults/helpers';
import { companyName, type CompanySize, insertCompany } from './synthetic';

export const DATA_ROOT = path.join(import.meta.dirname, 'data');

export interface BenchCompany extends CompanySize {
  name: string;
  entrepriseId: number;
  productIds: number[];
}

async function fill(
  database: Database,
  filesDir: string,
  sizes: CompanySize[],
  log: (s: string) => void,
): Promise<BenchCompany[]> {
  await seedDemo(database.db, { filesDir, scale: 'small', now: new Date() });
  const companies: BenchCompany[] = [];
  for (const size of sizes) {
    const started = Date.now();
    const c = await insertCompany(database.db, size);
    log(
      `  ${companyName(size)}: ${(size.products * size.events).toLocaleString('en-GB')} events in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
    companies.push({ ...size, name: companyName(size), ...c });
  }
  await refreshStatistics(database.db);
  await storeAnswers(database, log);
  return companies;
}

/**
 * The events answers stored as the server stores them after the collect route's writes (storedAnswers.ts):
 * the synthetic events are inserted in bulk, not collected, so they are built here, once.
 */
async function storeAnswers(database: Database, log: (s: string) => void): Promise<void> {
  const started = Date.now();
  const built = await buildMissingAnswers(database.db);
  if (built) log(`  stored answers: ${built} built in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}

/** An existing data directory holding at least these sizes (a short run reuses a full run's data). */
function existingWith(sizes: CompanySize[]): string | null {
  if (!fs.existsSync(DATA_ROOT)) return null;
  for (const name of fs.readdirSync(DATA_ROOT).filter((n) => n.startsWith('pglite-'))) {
    const manifest = path.join(DATA_ROOT, name, 'bench.json');
    if (!fs.existsSync(manifest)) continue;
    const held = JSON.parse(fs.readFileSync(manifest, 'utf8')) as BenchCompany[];
    if (sizes.every((s) => held.some((h) => h.products === s.products && h.events === s.events)))
      return path.join(DATA_ROOT, name);
  }
  return null;
}

/** A PGlite data directory with these companies, built unless already there. */
export async function pgliteDataDir(
  sizes: CompanySize[],
  fresh: boolean,
  log: (s: string) => void,
): Promise<{ dir: string; companies: BenchCompany[] }> {
  const key = sizes.map((s) => `${s.products}x${s.events}`).join('_');
  const found = fresh ? null : existingWith(sizes);
  const dir = found ?? path.join(DATA_ROOT, `pglite-${key}`);
  const manifest = path.join(dir, 'bench.json');
  if (found) {
    // Reused: brought to the current schema here, where a long migration (millions of events) has no
    // time limit, rather than in the server's start.
    const database = await openDatabase({ dataDir: dir });
    try {
      await storeAnswers(database, log);
    } finally {
      await database.close();
    }
    return { dir, companies: JSON.parse(fs.readFileSync(manifest, 'utf8')) };
  }
  fs.rmSync(dir, { recursive: true, force: true });
  log(`Synthetic data (PGlite, ${dir}):`);
  const database = await openDatabase({ dataDir: dir });
  try {
    const companies = await fill(database, path.join(dir, 'files'), sizes, log);
    await database.close();
    fs.writeFileSync(manifest, JSON.stringify(companies));
    return { dir, companies };
  } catch (err) {
    await database.close().catch(() => undefined);
    throw err;
  }
}

/** Fills a (fresh, empty) PostgreSQL database with these companies. */
export async function fillPostgres(
  url: string,
  sizes: CompanySize[],
  filesDir: string,
  log: (s: string) => void,
): Promise<BenchCompany[]> {
  const database = await openDatabase({ url });
  try {
    return await fill(database, filesDir, sizes, log);
  } finally {
    await database.close();
  }
}

/**
 * A throw-away database on the PostgreSQL server that answers, filled with these companies, with a data
 * directory for the server's files; null when no server answers. `done()` drops both.
 */
export async function postgresCompanies(
  sizes: CompanySize[],
  log: (s: string) => void,
): Promise<{ url: string; dir: string; companies: BenchCompany[]; done: () => Promise<void> } | null> {
  const server = await postgresUrl();
  if (!server) return null;
  const database = await freshDatabase(server);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'v3d-bench-pg-'));
  const done = async () => {
    await database.drop();
    fs.rmSync(dir, { recursive: true, force: true });
  };
  try {
    return {
      url: database.url,
      dir,
      companies: await fillPostgres(database.url, sizes, path.join(dir, 'files'), log),
      done,
    };
  } catch (err) {
    await done();
    throw err;
  }
}
