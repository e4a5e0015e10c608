// Uploaded and generated files under DATA_DIR/files. A file is named by a key the server chooses
// (area/uuid.ext), never by anything the user sent; writes are atomic (temp file, fsync, rename).
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

const KEY = /^[a-z0-9-]{1,32}\/[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

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
    return key;
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
