// The viewer's model of a product, made at upload (docs/uploads.md, "3D models" and "Light models"): an
// STL is converted to a GLB, and every GLB (uploaded, converted, or made elsewhere: storeViewerModel) is
// optimised into a light GLB, both through the server's conversion queue, in worker threads, before the
// product is saved. The light GLB is a stored file of its own (groupe_models.viewer_model); the upload is
// kept as it was for download. A file that cannot be shown is refused with the reason, by its field, and
// nothing is stored. An FBX comes with the GLB its uploader's browser made (server/files/browserConversion.ts),
// optimised like the others; STEP is refused when it arrives (domain/modelFormats.ts).
import { createHash } from 'node:crypto';
import fs from 'node:fs';

import type { FastifyReply, FastifyRequest } from 'fastify';

import { browserViewerModel } from '../files/browserConversion';
import { ConversionRefused, ConversionsBusy, type ModelConversions } from '../files/modelConversions';
import { track } from '../files/receiveUpload';
import type { FileStorage } from '../files/storage';
import { badRequest, HttpError } from '../http/errors';
import type { UploadedFile } from './multipartForm';

/** The pseudo field under which the viewer's GLB is adopted with the form's files (withStoredFiles). */
export const VIEWER_MODEL_FIELD = '_viewerModel';

type Deps = { files: FileStorage; conversions: ModelConversions };

/** What the viewer serves: its own GLB (null: the upload itself), its size and SHA-256. */
export interface StoredViewerModel {
  glb: UploadedFile | null;
  bytes: number;
  sha256: string;
}

export interface PreparedViewerModel extends StoredViewerModel {
  format: string;
  /** The upload's size, shown beside the viewer's in the catalogue. */
  originalBytes: number;
  /** Why the model cannot be shown (an FBX without its browser-made GLB), kept in model_error. */
  error?: string | null;
}

const busy = (reply: FastifyReply, err: ConversionsBusy) => {
  reply.header('Retry-After', '60');
  return new HttpError(429, 'Trop de requêtes', err.message);
};

async function sha256Of(file: string): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of fs.createReadStream(file)) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/**
 * The viewer's light GLB of the GLB (or self-contained glTF) at `source`, optimised in the conversion
 * queue's worker (server/files/optimiseGlb.ts), as one more upload to adopt. A file glTF Transform cannot
 * optimise is served as it is (glb null): the optimisation lightens, it never refuses a model. Throws 429
 * when the queue is full. Also for a GLB made elsewhere (a browser-made GLB of an FBX): pass its temp path.
 */
export async function storeViewerModel(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  source: string,
): Promise<StoredViewerModel> {
  const output = await deps.files.tempPath();
  // Removed with the request's other temp files if the product is not saved (installUploadCleanup).
  track(request, output);
  try {
    const { bytes, sha256 } = await deps.conversions.optimise(source, output);
    return { glb: { path: output, ext: 'glb', size: bytes }, bytes, sha256 };
  } catch (err) {
    if (err instanceof ConversionsBusy) throw busy(reply, err);
    if (!(err instanceof ConversionRefused)) throw err;
    request.log.warn({ event: 'catalogue.model.notOptimised', reason: err.message });
    const { size } = await fs.promises.stat(source);
    return { glb: null, bytes: size, sha256: await sha256Of(source) };
  }
}

/**
 * For an uploaded 3D file: its format, its size, and the viewer's model (an STL converted then optimised,
 * a GLB or glTF optimised, an FBX's browser-made GLB (`browserGlb`) checked then optimised). Throws 400
 * (the reason, on `field`) for an STL or a browser GLB that cannot be shown, 429 when the queue is full.
 */
export async function prepareViewerModel(
  request: FastifyRequest,
  reply: FastifyReply,
  deps: Deps,
  upload: UploadedFile | undefined,
  field: string,
  browserGlb?: UploadedFile,
): Promise<PreparedViewerModel | null> {
  const fromBrowser = await browserViewerModel(upload, browserGlb, field);
  if (!upload) return null;
  const base = { format: upload.ext, originalBytes: upload.size };
  if (fromBrowser) {
    if (!fromBrowser.glb) return { ...base, glb: null, bytes: upload.size, sha256: '', error: fromBrowser.error };
    const made = fromBrowser.glb;
    const light = await storeViewerModel(request, reply, deps, made.path);
    // Not optimised: the browser's GLB, checked, is the viewer's.
    return { ...base, ...light, glb: light.glb ?? { path: made.path, ext: 'glb', size: made.size } };
  }
  if (upload.ext === 'glb' || upload.ext === 'gltf')
    return { ...base, ...(await storeViewerModel(request, reply, deps, upload.path)) };
  if (upload.ext !== 'stl') return { ...base, glb: null, bytes: upload.size, sha256: '' };
  const converted = await deps.files.tempPath();
  track(request, converted);
  try {
    await deps.conversions.stlToGlb(upload.path, converted);
  } catch (err) {
    if (err instanceof ConversionRefused) throw badRequest(err.message, { errors: { [field]: err.message } });
    if (err instanceof ConversionsBusy) throw busy(reply, err);
    throw err;
  }
  const light = await storeViewerModel(request, reply, deps, converted);
  if (light.glb) return { ...base, ...light };
  // Not optimised: the converted GLB is the viewer's.
  return { ...base, ...light, glb: { path: converted, ext: 'glb', size: light.bytes } };
}

/** The row's viewer columns for a prepared model whose files were adopted under `keys` (null: no model). */
export function viewerModelColumns(model: PreparedViewerModel | null, keys: Record<string, string[]>) {
  const shown = !!model && (model.glb !== null || model.format === 'glb' || model.format === 'gltf');
  return {
    modelFormat: model?.format ?? null,
    modelError: model?.error ?? null,
    viewerModel: keys[VIEWER_MODEL_FIELD]?.[0] ?? null,
    modelBytes: model?.originalBytes ?? null,
    viewerModelBytes: shown ? model.bytes : null,
    viewerModelHash: shown ? model.sha256 : null,
  };
}
