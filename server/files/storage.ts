// Uploaded and generated files under DATA_DIR/files. A file is named by a key the server chooses
// (area/uuid.ext), never by anything the user sent; writes are atomic (temp file, fsync, rename).
// Uploads stream into UPLOADS_DIR/*.tmp first and are adopted (renamed to a key) only once accepted; a
// crash leaves *.tmp files and files no row refers to, which the start-up sweep removes (docs/uploads.md).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY = /^[a-z0-9-]{1,32}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;
/** Where uploads stream to before they are accepted: inside the root, so adopting them is a rename. */
const UPLOADS_DIR = '.uploads';
const TEMP = /\.tmp$/;
/** `<key>.glb` beside an STL: the viewer's conversions before migration 0008 (docs/uploads.md, "3D models"). */
const LEGACY_GLB = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}\.glb$/;

export class FileStorage {
  constructor(readonly root: string) {
    fs.mkdirSync(root, { recursive: true });
  }

  /** The absolute path of a stored key; throws on anything that is not a key this class made. */
  pathOf(key: string): string {
    if (!KEY.test(key)) throw new Error(`clé de fichier invalide : ${key}`);
    return path.join(this.root, key);
  }

  exists(key: string | null | undefined): key is string {
    return !!key && KEY.test(key) && fs.existsSync(path.join(this.root, key));
  }

  /** Stores bytes atomically and returns the new key. */
  async save(area: string, ext: string, data: Buffer): Promise<string> {
    const key = `${area}/${crypto.randomUUID()}.${ext.toLowerCase()}`;
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

  /** A new path for an upload still arriving (the caller writes it, then adopts or removes it). */
  async tempPath(): Promise<string> {
    const dir = path.join(this.root, UPLOADS_DIR);
    await fs.promises.mkdir(dir, { recursive: true });
    return path.join(dir, `${crypto.randomUUID()}.tmp`);
  }

  /** Moves a complete, already synced temp file under a new key (one rename, then the directory synced). */
  async adopt(area: string, ext: string, temp: string): Promise<string> {
    const key = `${area}/${crypto.randomUUID()}.${ext.toLowerCase()}`;
    const target = this.pathOf(key);
    await fs.promises.mkdir(path.dirname(target), { recursive: true });
    await fs.promises.rename(temp, target);
    await syncDir(path.dirname(target));
    return key;
  }

  /** Removes every *.tmp file under the root: writes a killed process never finished. Start-up only. */
  async sweepTemp(): Promise<string[]> {
    const removed: string[] = [];
    for (const file of await walk(this.root)) {
      if (!TEMP.test(file)) continue;
      await fs.promises.rm(file, { force: true });
      removed.push(path.relative(this.root, file));
    }
    return removed;
  }

  /**
   * Removes the files of these areas whose key is not in `referenced`: a process killed between storing a
   * file and inserting its row leaves one. Start-up only (a request in flight has files without a row yet).
   * Also removes the GLBs the viewer used to write beside an STL (`<uuid>.stl.glb`), which no row names.
   */
  async sweepOrphans(areas: string[], referenced: Set<string>): Promise<string[]> {
    const removed: string[] = [];
    for (const area of areas) {
      const dir = path.join(this.root, area);
      if (!fs.existsSync(dir)) continue;
      for (const name of await fs.promises.readdir(dir)) {
        const key = `${area}/${name}`;
        if (!(KEY.test(key) || LEGACY_GLB.test(name)) || referenced.has(key)) continue;
        await fs.promises.rm(path.join(dir, name), { force: true });
        removed.push(key);
      }
    }
    return removed;
  }

  /** Removes stored files; missing ones are ignored (a delete may be retried). */
  async remove(keys: Array<string | null | undefined>): Promise<void> {
    await Promise.all(
      keys.filter((k): k is string => !!k && KEY.test(k)).map((k) => fs.promises.rm(this.pathOf(k), { force: true })),
    );
  }

  size(key: string): number {
    return fs.statSync(this.pathOf(key)).size;
  }
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
