// The viewer's model of a product, made at upload (docs/uploads.md, "3D models"): an STL is converted to
// a GLB through the server's conversion queue before the product is saved; the GLB is a stored file of
// its own (groupe_models.viewer_model). A file that cannot be shown is refused with the reason, by its
// field, and nothing is stored. GLB and glTF are shown as uploaded; an FBX comes with the GLB its uploader's
// browser made (server/files/browserConversion.ts); STEP is refused when it arrives (domain/modelFormats.ts).
import fs from 'node:fs';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { browserViewerModel } from '../files/browserConversion';
import { ConversionRefused, ConversionsBusy, type ModelConversions } from '../files/modelConversions';
import { track } from '../files/receiveUpload';
import type { FileStorage } from '../files/storage';
import { badRequest, HttpError } from '../http/errors';
import type { UploadedFile } from './multipartForm';

/** The pseudo field under which the converted GLB is adopted with the form's files (withStoredFiles). */
export const VIEWER_MODEL_FIELD = '_viewerModel';

/**
 * For an uploaded 3D file: its format, and for an STL the converted GLB (for an FBX the browser's,
 * `browserGlb`) as one more upload to adopt; `error` is the reason kept when the model cannot be shown.
 * Throws 400 (the reason, on `field`) for an STL that cannot be shown, 429 when the queue is full.
 */
export async function prepareViewerModel(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: { files: FileStorage; conversions: ModelConversions },
  upload: UploadedFile | undefined,
  field: string,
  browserGlb?: UploadedFile,
): Promise<{ format: string; glb: UploadedFile | null; error?: string | null } | null> {
  const fromBrowser = await browserViewerModel(upload, browserGlb, field);
  if (fromBrowser) return fromBrowser;
  if (!upload) return null;
  if (upload.ext !== 'stl') return { format: upload.ext, glb: null };
  const output = await deps.files.tempPath();
  // Removed with the request's other temp files if the product is not saved (installUploadCleanup).
  track(request, output);
  try {
    await deps.conversions.stlToGlb(upload.path, output);
  } catch (err) {
    if (err instanceof ConversionRefused) throw badRequest(err.message, { errors: { [field]: err.message } });
    if (err instanceof ConversionsBusy) {
      reply.header('Retry-After', '60');
      throw new HttpError(429, 'Trop de requêtes', err.message);
    }
    throw err;
  }
  const { size } = await fs.promises.stat(output);
  return { format: 'stl', glb: { path: output, ext: 'glb', size } };
}
