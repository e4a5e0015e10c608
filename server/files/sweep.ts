// Start-up sweep of the stored files: a process killed during an upload leaves *.tmp files, and one
// killed between storing a file and inserting its row leaves a file no row refers to. Both are removed
// before the server listens (never while requests run: a request in flight has files without a row yet).
import type { Db } from '../db/client';
import { groupeModels, models, options, propositions, sousOptions } from '../db/schema';
import type { FileStorage } from './storage';

/** The areas whose files belong to rows listed below; any other area is left alone. */
export const SWEPT_AREAS = ['propositions', 'videos', 'catalogue'];

/** Every stored key a row refers to. A new file column must be listed here, or its files are swept. */
export async function referencedKeys(db: Db): Promise<Set<string>> {
  const keys = new Set<string>();
  const add = (...values: Array<string | null | undefined>) => values.forEach((v) => v && keys.add(v));
  for (const p of await db.select({ a: propositions.cheminPdf, b: propositions.cheminVideo }).from(propositions))
    add(p.a, p.b);
  const g = groupeModels;
  for (const r of await db
    .select({
      images: g.cheminImageGroupe,
      a: g.icone,
      b: g.chemin3d,
      c: g.cheminPdf,
      d: g.ficheCote,
      e: g.viewerModel,
      f: g.viewerPoster,
    })
    .from(g)) {
    add(...(r.images ?? []), r.a, r.b, r.c, r.d, r.e, r.f);
  }
  for (const r of await db.select({ a: models.icone, b: models.model3d }).from(models)) add(r.a, r.b);
  for (const r of await db
    .select({ a: options.cheminIconeGroupe, b: options.cheminIcone, c: options.chemin3d })
    .from(options))
    add(r.a, r.b, r.c);
  for (const r of await db.select({ a: sousOptions.sousIcone }).from(sousOptions)) add(r.a);
  return keys;
}

/**
 * How old an orphan must be to be swept when other instances share the store (S3): one of them may be
 * between storing an upload's file and inserting its row (seconds).
 */
export const SHARED_SWEEP_AGE_MS = 60 * 60 * 1000;

/**
 * `shared`: whether other instances may write the same store now (S3). Temp files are always swept at
 * once: they live in this instance's own DATA_DIR (one per instance, docs/scale.md).
 */
export async function sweepStoredFiles(
  db: Db,
  files: FileStorage,
  options: { shared?: boolean; now?: number } = {},
): Promise<{ temp: string[]; orphans: string[] }> {
  const before = options.shared ? (options.now ?? Date.now()) - SHARED_SWEEP_AGE_MS : Infinity;
  const temp = await files.sweepTemp();
  const orphans = await files.sweepOrphans(SWEPT_AREAS, await referencedKeys(db), before);
  return { temp, orphans };
}
