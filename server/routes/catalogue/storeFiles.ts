// Stores validated uploads, then runs the database write; if the write fails the files are removed again
// (no orphan files). Each file is written atomically by FileStorage.save.
import type { FileStorage } from '../../files/storage';
import type { UploadedFile } from './multipartForm';

export const CATALOGUE_AREA = 'catalogue';

export async function withStoredFiles<T>(
  files: FileStorage,
  uploads: Record<string, UploadedFile[]>,
  write: (keys: Record<string, string[]>) => Promise<T>,
): Promise<T> {
  const saved: string[] = [];
  try {
    const keys: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(uploads)) {
      keys[field] = [];
      for (const f of list) {
        const key = await files.save(CATALOGUE_AREA, f.ext, f.data);
        saved.push(key);
        keys[field].push(key);
      }
    }
    return await write(keys);
  } catch (err) {
    await files.remove(saved);
    throw err;
  }
}
