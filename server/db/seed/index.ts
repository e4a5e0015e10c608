// Loads the demo data on an empty database (SEED on, the default). Each area seeds its own part.
import { sql } from 'drizzle-orm';

import { FileStorage } from '../../files/storage';
import type { Db } from '../client';
import { users } from '../schema';
import { seedAccounts } from './accounts';
import { seedAnalytics } from './analytics';
import { seedCatalogue } from './catalogue';
import { seedCustomers } from './customers';
import { seedDemoModels } from './models';
import { seedPropositionFiles } from './propositionFiles';

export interface SeedOptions {
  filesDir: string;
  /** The file store; by default the disk under filesDir. */
  files?: FileStorage;
  now?: Date;
  /** Analytics volume: 'full' for npm start, 'small' for tests (same shape, fewer events). */
  scale?: 'full' | 'small';
}

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(users);
  return Number(row.n) === 0;
}

/**
 * The demo data when the database has no user yet; whether it was loaded. Run inside openDatabase's setup
 * (server/main.ts), under its lock on PostgreSQL, so that instances starting together seed once.
 */
export async function seedIfEmpty(db: Db, options: SeedOptions): Promise<boolean> {
  if (!(await isEmpty(db))) return false;
  await seedDemo(db, options);
  return true;
}

export async function seedDemo(db: Db, options: SeedOptions): Promise<void> {
  const now = options.now ?? new Date();
  const files = options.files ?? new FileStorage(options.filesDir);
  const demo = await seedAccounts(db, now);
  await seedCustomers(db, demo, now);
  await seedPropositionFiles(db, files, now);
  await seedCatalogue(db, demo, files, now);
  // Last: events for every product of every company, the catalogue's included.
  await seedAnalytics(db, demo, now, options.scale ?? 'full');
  // Every product without a 3D file gets a generated model, so each demo viewer shows one.
  await seedDemoModels(db, files);
  await refreshStatistics(db);
}

/**
 * Planner statistics and the visibility map after a bulk load. PGlite runs no autovacuum: without this the
 * event queries plan on guesses and the per-product count behind the ETag cannot use an index-only scan.
 */
export async function refreshStatistics(db: Db): Promise<void> {
  await db.execute(sql`vacuum analyze`);
}
