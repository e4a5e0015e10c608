// Products stored before the viewer's model was made at upload (migration 0008): their 3D file has no
// recorded format, and an STL no converted GLB. At start-up, before the server listens, each such file's
// format is read from its first bytes (once: it is recorded). After it listens, their STLs are converted in
// the background through the server's conversion queue, one at a time; a file that cannot be converted
// has its reason recorded (model_error) and is not tried again. Never on a request (docs/uploads.md).
import fs from 'node:fs';

import { and, eq, isNotNull, isNull } from 'drizzle-orm';

import type { Db } from '../db/client';
import { groupeModels } from '../db/schema';
import { ConversionRefused, ConversionsBusy, type ModelConversions } from './modelConversions';
import { sniff, SNIFF_BYTES } from './sniff';
import type { FileStorage } from './storage';

const MODEL_FORMATS = new Set(['glb', 'gltf', 'stl', 'fbx', 'step']);
const BUSY_RETRY_MS = 5_000;

/** Records the format of every 3D file that has none; returns how many were recorded. Start-up only. */
export async function backfillModelFormats(db: Db, files: FileStorage): Promise<number> {
  const rows = await db
    .select({ id: groupeModels.idGroupeModel, key: groupeModels.chemin3d })
    .from(groupeModels)
    .where(and(isNotNull(groupeModels.chemin3d), isNull(groupeModels.modelFormat)));
  let recorded = 0;
  for (const row of rows) {
    const format = await formatOf(files, row.key!);
    if (!format) continue;
    await db.update(groupeModels).set({ modelFormat: format }).where(eq(groupeModels.idGroupeModel, row.id));
    recorded++;
  }
  return recorded;
}

async function formatOf(files: FileStorage, key: string): Promise<string | null> {
  // A missing file: nothing to show, tried again at the next start.
  const stat = await files.stat(key);
  if (!stat) return null;
  const chunks: Buffer[] = [];
  if (stat.size > 0) {
    for await (const chunk of await files.read(key, { start: 0, end: Math.min(SNIFF_BYTES, stat.size) - 1 }))
      chunks.push(chunk as Buffer);
  }
  const kind = sniff(Buffer.concat(chunks).subarray(0, SNIFF_BYTES), stat.size);
  return kind && MODEL_FORMATS.has(kind) ? kind : null;
}

/**
 * Converts, one at a time, every stored STL without its GLB or a recorded failure. Runs after the server
 * listens; a product edited or deleted meanwhile keeps what the edit wrote (the GLB made is removed).
 */
export async function convertPendingModels(
  db: Db,
  files: FileStorage,
  conversions: ModelConversions,
  log: (message: string) => void = () => {},
): Promise<{ converted: number; failed: number }> {
  const g = groupeModels;
  const pending = await db
    .select({ id: g.idGroupeModel, key: g.chemin3d })
    .from(g)
    .where(and(eq(g.modelFormat, 'stl'), isNotNull(g.chemin3d), isNull(g.viewerModel), isNull(g.modelError)));
  let converted = 0;
  let failed = 0;
  for (const row of pending) {
    const sameFile = and(eq(g.idGroupeModel, row.id), eq(g.chemin3d, row.key!), isNull(g.viewerModel));
    // On S3 the STL is copied to the local staging first: the conversion reads a file. A missing file is
    // tried again at the next start.
    const input = await files.localCopy(row.key!);
    if (!input) continue;
    const output = await files.tempPath();
    try {
      // Uploads come first: while the queue is full, wait for room.
      for (;;) {
        try {
          await conversions.stlToGlb(input.path, output);
          break;
        } catch (err) {
          if (!(err instanceof ConversionsBusy)) throw err;
          await new Promise((resolve) => setTimeout(resolve, BUSY_RETRY_MS));
        }
      }
    } catch (err) {
      await fs.promises.rm(output, { force: true });
      if (!(err instanceof ConversionRefused)) throw err;
      await db.update(g).set({ modelError: err.message }).where(sameFile);
      log(`Modèle 3D du produit ${row.id} non converti : ${err.message}`);
      failed++;
      continue;
    } finally {
      await input.release();
    }
    const key = await files.adopt('catalogue', 'glb', output);
    const [updated] = await db.update(g).set({ viewerModel: key }).where(sameFile).returning({ id: g.idGroupeModel });
    if (updated) converted++;
    else await files.remove([key]);
  }
  return { converted, failed };
}
