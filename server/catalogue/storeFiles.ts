// Adopts validated uploads (their temp files renamed under server-chosen keys), then runs the database
// write; if the write fails the files are removed again (no orphan files). A crash between the two leaves
// files no row refers to: the start-up sweep removes them (server/files/sweep.ts).
import type { FastifyRequest } from 'fastify';

import { adopted } from '../files/receiveUpload';
import type { FileStorage } from '../files/storage';
import type { UploadedFile } from './multipartForm';

export const CATALOGUE_AREA = 'catalogue';

export async function withStoredFiles<T>(
  request: FastifyRequest,
  files: FileStorage,
  uploads: Record<string, UploadedFile[]>,
  write: (keys: Record<string, string[]>) => Promise<T>,
  /** The storage area of each field's files (the catalogue's unless told). */
  areas: Record<string, string> = {},
): Promise<T> {
  const saved: string[] = [];
  try {
    const keys: Record<string, string[]> = {};
    for (const [field, list] of Object.entries(uploads)) {
      keys[field] = [];
      for (const f of list) {
        const key = await files.adopt(areas[field] ?? CATALOGUE_AREA, f.ext, f.path);
        adopted(request, f.path);
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
