// Uploaded and generated files. A file is named by a key the server chooses (area/uuid.ext), never by
// anything the user sent. Two stores keep them behind one interface: the local disk under DATA_DIR/files
// (DiskStorage, below: the default) and an S3-compatible bucket (server/files/s3Storage.ts, when S3_BUCKET
// is set; server/files/openStorage.ts chooses). Uploads always stream to a local temp file first
// (DATA_DIR/files/.uploads/*.tmp) and are adopted under a key only once accepted; a crash leaves *.tmp files
// and stored files no row refers to, which the start-up sweep removes (docs/uploads.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Readable } from 'node:stream';

export const KEY = /^[a-z0-9-]{1,32}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
/** Where uploads stream to before they are accepted: inside the root, so adopting them on disk is a rename. */
const UPLOADS_DIR = '.uploads';
const TEMP = /\.tmp$/;
/** `<key>.glb` beside an STL: the viewer's conversions before migration 0008 (docs/uploads.md, "3D models"). */
export const LEGACY_GLB = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}\.glb$/;

/** A stored file's size and validator (ETag, quoted as HTTP sends it). */
export interface StoredStat {
  size: number;
  etag: string;
}

/** Inclusive byte range, as HTTP's Range counts. */
export interface ByteRange {
  start: number;
  end: number;
}

/** A local file holding a stored file's bytes, for code that needs a path (a conversion's input). */
export interface LocalCopy {
  path: string;
  /** Removes the copy when it is one (S3); nothing on disk, where it is the stored file itself. */
  release(): Promise<void>;
}

/** What every caller sees of the file store, whichever it is (docs/uploads.md, "Where files live"). */
export interface FileStorage {
  readonly kind: 'disk' | 's3';
  /** Stores bytes (small files: the demo data) and returns the new key. */
  save(area: string, ext: string, data: Buffer): Promise<string>;
  /** A new local path for an upload still arriving (the caller writes it, then adopts or removes it). */
  tempPath(): Promise<string>;
  /** Stores a complete, synced temp file under a new key; the temp file is gone afterwards. */
  adopt(area: string, ext: string, temp: string): Promise<string>;
  /** Size and ETag; null for a missing file or anything that is not a key. */
  stat(key: string | null | undefined): Promise<StoredStat | null>;
  exists(key: string | null | undefined): Promise<boolean>;
  /** The file's bytes, or the inclusive range of them; the caller checked the range against stat(). */
  read(key: string, range?: ByteRange): Promise<Readable>;
  /** A local file with the key's bytes; null when missing. Release it when done. */
  localCopy(key: string): Promise<LocalCopy | null>;
  /** Removes stored files; missing ones are ignored (a delete may be retried). */
  remove(keys: Array<string | null | undefined>): Promise<void>;
  /**
   * Removes the local *.tmp files (writes a killed process never finished) last written before `before`
   * (epoch ms; all by default). Start-up only.
   */
  sweepTemp(before?: number): Promise<string[]>;
  /**
   * Removes the files of these areas whose key is not in `referenced`: a process killed between storing a
   * file and inserting its row leaves one. Start-up only (a request in flight has files without a row yet).
   * Also removes the GLBs the viewer used to write beside an STL (`<uuid>.stl.glb`), which no row names.
   * Only files stored before `before` (epoch ms; all by default): another instance's upload in flight
   * stores its file a moment before its row (server/files/sweep.ts).
   */
  sweepOrphans(areas: string[], referenced: Set<string>, before?: number): Promise<string[]>;
}

export const newKey = (area: string, ext: string) => `${area}/${crypto.randomUUID()}.${ext.toLowerCase()}`;

/** Whether a swept area's entry is one of ours: a key, or an old GLB written beside an STL. */
export const sweepable = (area: string, name: string) => KEY.test(`${area}/${name}`) || LEGACY_GLB.test(name);

/** The local disk store: writes are atomic (temp file, fsync, rename, directory synced). */
export class DiskStorage implements FileStorage {
  readonly kind = 'disk' as const;

  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** The absolute path of a stored key; throws on anything that is not a key this class made. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`clé de fichier invalide : ${key}`);
    return path.join(this.root, key);
  }

  async save(area: string, ext: string, data: Buffer): Promise<string> {
    const key = newKey(area, ext);
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    const temp = `${target}.${process.pid}.tmp`;
    const handle = await fs.promises.open(temp, 'w', 0o600);
    try {
      await handle.writeFile(data);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.promises.rename(temp, target);
    await syncDir(path.dirname(target));
    return key;
  }

  async tempPath(): Promise<string> {
    const dir = path.join(this.root, UPLOADS_DIR);
    await fs.promises.mkdir(dir, { recursive: true });
    return path.join(dir, `${crypto.randomUUID()}.tmp`);
  }

  /** One rename, then the directory synced. */
  async adopt(area: string, ext: string, temp: string): Promise<string> {
    const key = newKey(area, ext);
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(temp, target);
    await syncDir(path.dirname(target));
    return key;
  }

  async stat(key: string | null | undefined): Promise<StoredStat | null> {
    if (!key || !KEY.test(key)) return null;
    const stat = await fs.promises.stat(this.pathOf(key)).catch(() => null);
    if (!stat?.isFile()) return null;
    // A key is never written twice, so size and time name its content.
    return { size: stat.size, etag: `"${stat.size.toString(16)}-${Math.floor(stat.mtimeMs).toString(16)}"` };
  }

  async exists(key: string | null | undefined): Promise<boolean> {
    return (await this.stat(key)) !== null;
  }

  async read(key: string, range?: ByteRange): Promise<Readable> {
    const stream = fs.createReadStream(this.pathOf(key), range ? { start: range.start, end: range.end } : {});
    // Opened before the answer starts, so that a file gone meanwhile fails here and not mid-answer.
    await new Promise<void>((resolve, reject) => {
      stream.once('open', () => resolve());
      stream.once('error', reject);
    });
    return stream;
  }

  async localCopy(key: string): Promise<LocalCopy | null> {
    if (!(await this.exists(key))) return null;
    return { path: this.pathOf(key), release: async () => {} };
  }

  async remove(keys: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      keys.filter((k): k is string => !!k && KEY.test(k)).map((k) => fs.promises.rm(this.pathOf(k), { force: true })),
    );
  }

  async sweepTemp(before = Infinity): Promise<string[]> {
    const removed: string[] = [];
    for (const file of await walk(this.root)) {
      if (!TEMP.test(file) || !(await writtenBefore(file, before))) continue;
      await fs.promises.rm(file, { force: true });
      removed.push(path.relative(this.root, file));
    }
    return removed;
  }

  async sweepOrphans(areas: string[], referenced: Set<string>, before = Infinity): Promise<string[]> {
    const removed: string[] = [];
    for (const area of areas) {
      const dir = path.join(this.root, area);
      if (!fs.existsSync(dir)) continue;
      for (const name of await fs.promises.readdir(dir)) {
        const key = `${area}/${name}`;
        if (!sweepable(area, name) || referenced.has(key)) continue;
        if (!(await writtenBefore(path.join(dir, name), before))) continue;
        await fs.promises.rm(path.join(dir, name), { force: true });
        removed.push(key);
      }
    }
    return removed;
  }
}

/**
 * `new FileStorage(root)` keeps meaning the disk store, as before the S3 store existed (the seed, tests and
 * other callers build one this way); the type `FileStorage` is the interface above.
 */
export const FileStorage = DiskStorage;

async function writtenBefore(file: string, before: number): Promise<boolean> {
  if (before === Infinity) return true;
  const stat = await fs.promises.stat(file).catch(() => null);
  return !!stat && stat.mtimeMs < before;
}

async function syncDir(dir: string): Promise<void> {
  const handle = await fs.promises.open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

async function walk(dir: string, out: string[] = []): Promise<string[]> {
  if (!fs.existsSync(dir)) return out;
  for (const entry of await fs.promises.readdir(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) await walk(full, out);
    else out.push(full);
  }
  return out;
}
