// The viewer's poster of a product, made at upload from its first image (docs/viewer.md, "Caching";
// server/files/poster.ts, in the conversion queue's worker): a stored file of its own
// (groupe_models.viewer_poster), adopted with the form's files under a pseudo field. Best effort: a poster
// that cannot be made (an image sharp cannot read, over its pixel limit, the queue full or slow) or that
// would not be lighter than the image is simply not made, and the viewer shows the image itself; the
// upload never fails for it.
import fs from 'node:fs';

import type { FastifyRequest } from 'fastify';

import type { ModelConversions } from '../files/modelConversions';
import { track } from '../files/receiveUpload';
import type { FileStorage } from '../files/storage';
import type { UploadedFile } from './multipartForm';

/** The pseudo field under which the poster is adopted with the form's files (withStoredFiles). */
export const VIEWER_POSTER_FIELD = '_viewerPoster';

/** The poster of this first image, as one more upload to adopt; null when none is made. */
export async function prepareViewerPoster(
  request: FastifyRequest,
  deps: { files: FileStorage; conversions: ModelConversions },
  image: UploadedFile | undefined,
): Promise<UploadedFile | null> {
  if (!image) return null;
  const output = await deps.files.tempPath();
  // Removed with the request's other temp files if the product is not saved (installUploadCleanup).
  track(request, output);
  try {
    const { bytes } = await deps.conversions.poster(image.path, output);
    if (bytes < image.size) return { path: output, ext: 'webp', size: bytes };
    await fs.promises.rm(output, { force: true });
    return null;
  } catch (err) {
    request.log.warn({ event: 'catalogue.poster.notMade', reason: err instanceof Error ? err.message : String(err) });
    return null;
  }
}
