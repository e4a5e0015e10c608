// A dump of the database (every table of the schema, row by row, keyed by primary key) and of the stored
// files, to prove that a refused request changed nothing, and to see what an accepted one changed.
import fs from 'node:fs';
import path from 'node:path';

import { is, sql } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';

import type { Db } from '../../../server/db/client';
import * as schema from '../../../server/db/schema';

type Row = Record<string, unknown>;
export interface Snapshot {
  tables: Map<string, Map<string, string>>;
  files: Map<string, number>;
}
export interface Change {
  table: string;
  kind: 'insert' | 'update' | 'delete';
  row: Row;
}

const tables = Object.values(schema)
  .filter((v) => is(v, PgTable))
  .map((v) => v as unknown as PgTable)
  .map((table) => {
    const config = getTableConfig(table);
    const pk = config.columns.find((c) => c.primary)?.name ?? config.columns[0].name;
    return { name: config.name, pk };
  });

// Tables of many rows summarised rather than hashed row by row (hashing them made the matrix four times
// slower): raw events are only ever appended, so their count and highest id say whether they changed; a
// visit's row is inserted or merged (server/collect/visitWriter.ts), each write setting updated_at.
const SUMMARIES: Record<string, string> = {
  product_events: `count(*)::text || ':' || coalesce(max(id), 0)::text`,
  product_visits: `count(*)::text || ':' || coalesce(max(updated_at)::text, '')`,
};
const SUMMARISED = new Set(Object.keys(SUMMARIES));

/** The rows of a raw query, whichever driver answered (node-postgres wraps them, PGlite too; some return an array). */
export function rowsOf(result: unknown): Row[] {
  return (result as { rows?: Row[] }).rows ?? (result as Row[]);
}

/** One digest per table in one round trip: enough to prove a refused request changed nothing. */
const fingerprintQuery = `select ${tables
  .map(({ name, pk }) =>
    SUMMARISED.has(name)
      ? `(select ${SUMMARIES[name]} from ${name}) as "${name}"`
      : `(select md5(coalesce(string_agg(t::text, '|' order by t.${pk}), '')) from ${name} t) as "${name}"`,
  )
  .join(', ')}`;

export interface Fingerprint {
  tables: Record<string, string>;
  files: Map<string, number>;
}

export async function fingerprint(db: Db, filesDir: string): Promise<Fingerprint> {
  const [row] = rowsOf(await db.execute(sql.raw(fingerprintQuery)));
  return { tables: row as Record<string, string>, files: listFiles(filesDir) };
}

/** Tables and files that differ between two fingerprints. */
export function fingerprintDiff(before: Fingerprint, after: Fingerprint): string[] {
  const out = Object.keys(after.tables)
    .filter((k) => after.tables[k] !== before.tables[k])
    .map((k) => `table ${k}`);
  for (const [f, size] of after.files) if (before.files.get(f) !== size) out.push(`+${f}`);
  for (const f of before.files.keys()) if (!after.files.has(f)) out.push(`-${f}`);
  return out;
}

function listFiles(root: string, dir = root, out = new Map<string, number>()): Map<string, number> {
  if (!fs.existsSync(dir)) return out;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) listFiles(root, full, out);
    else out.set(path.relative(root, full), fs.statSync(full).size);
  }
  return out;
}

export async function snapshot(db: Db, filesDir: string): Promise<Snapshot> {
  const out = new Map<string, Map<string, string>>();
  for (const { name, pk } of tables) {
    const rows = SUMMARISED.has(name)
      ? rowsOf(await db.execute(sql.raw(`select 'all' as k, ${SUMMARIES[name]} as r from ${name}`)))
      : rowsOf(await db.execute(sql.raw(`select ${pk}::text as k, to_jsonb(t)::text as r from ${name} t`)));
    out.set(name, new Map(rows.map((r) => [String(r.k), String(r.r)])));
  }
  return { tables: out, files: listFiles(filesDir) };
}

/** Rows inserted, updated or deleted between two snapshots. */
export function changes(before: Snapshot, after: Snapshot): Change[] {
  const out: Change[] = [];
  for (const [table, rows] of after.tables) {
    const old = before.tables.get(table)!;
    for (const [k, v] of rows) {
      const prev = old.get(k);
      if (prev === undefined) out.push({ table, kind: 'insert', row: parse(v) });
      else if (prev !== v) out.push({ table, kind: 'update', row: parse(v) });
    }
    for (const [k, v] of old) if (!rows.has(k)) out.push({ table, kind: 'delete', row: parse(v) });
  }
  return out;
}

/** Files added, removed or resized between two snapshots. */
export function fileChanges(before: Snapshot, after: Snapshot): string[] {
  const out: string[] = [];
  for (const [f, size] of after.files) if (before.files.get(f) !== size) out.push(`+${f}`);
  for (const f of before.files.keys()) if (!after.files.has(f)) out.push(`-${f}`);
  return out;
}

function parse(v: string): Row {
  try {
    return JSON.parse(v) as Row;
  } catch {
    return { value: v };
  }
}

export function describeChanges(list: Change[], files: string[] = []): string {
  return [...list.map((c) => `${c.kind} ${c.table} ${JSON.stringify(c.row).slice(0, 160)}`), ...files].join('\n');
}
