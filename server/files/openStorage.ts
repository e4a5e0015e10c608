// Chooses the file store from the configuration: an S3-compatible bucket when S3_BUCKET is set (checked
// before the server starts), else the local disk under DATA_DIR/files (docs/uploads.md, "Where files live").
import { ConfigError } from '../config';
import { type S3Settings, S3Storage } from './s3Storage';
import { DiskStorage, type FileStorage } from './storage';

/** `filesDir` is the store on disk, and with S3 the local staging of uploads arriving. */
export async function openStorage(filesDir: string, s3: S3Settings | undefined): Promise<FileStorage> {
  if (!s3) return new DiskStorage(filesDir);
  const store = new S3Storage(s3, filesDir);
  try {
    await store.verify();
  } catch (err) {
    // A network error names its code (ECONNREFUSED), an S3 answer its name (NotFound, Forbidden…).
    const e = err as { code?: string; name?: string; message?: string };
    const reason = e.code ?? (e.name && e.name !== 'Error' ? e.name : (e.message ?? String(err)));
    throw new ConfigError(
      `le bucket S3 « ${s3.bucket} » ne répond pas (${reason}${s3.endpoint ? `, ${s3.endpoint}` : ''}) : ` +
        'vérifiez S3_ENDPOINT, S3_BUCKET, S3_REGION et les identifiants.',
    );
  }
  return store;
}
