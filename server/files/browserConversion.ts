// The GLB an uploader's browser made from an FBX (src/features/catalogue/fbxToGlb.ts), sent beside the FBX
// original as the multipart part `viewerModel` (docs/uploads.md, "3D models"). The server cannot convert
// FBX itself (three's FBXLoader needs browser APIs), so it checks that the part is a real, well-formed
// GLB before storing it as the product's viewer model; the FBX stays the original, for download.
import fs from 'node:fs';

import type { FileRule } from '#domain/product';

import { badRequest } from '../http/errors';
import type { ReceivedFile } from './receiveUpload';

export const BROWSER_GLB_FIELD = 'viewerModel';

const MiB = 1024 * 1024;

/** Bounded like the 3D file it comes from (domain/product.ts MODEL_3D_RULE). */
export const BROWSER_GLB_RULE: FileRule & { wrongKind: string } = {
  kinds: ['glb'],
  accept: '.glb,model/gltf-binary',
  maxBytes: 100 * MiB,
  min: 0,
  max: 1,
  label: 'Modèle 3D converti en GLB par le navigateur (avec un FBX seulement)',
  wrongKind: 'Le modèle converti (viewerModel) doit être un fichier GLB (glTF binaire).',
};

/** The largest JSON chunk read: a GLB's JSON describes its scene, its data is in the binary chunk. */
const MAX_JSON_BYTES = 16 * MiB;

export const FBX_WITHOUT_GLB =
  'Ce modèle FBX a été envoyé sans sa conversion en GLB : la visionneuse ne peut pas l’afficher. Envoyez-le depuis le formulaire du produit, qui le convertit, ou envoyez un fichier GLB.';
export const GLB_WITHOUT_FBX =
  'Un modèle converti (viewerModel) n’est accepté qu’avec le fichier FBX dont il provient (Chemin_3d).';
const invalid = (reason: string) => `Le modèle converti n’est pas un fichier GLB valide : ${reason}.`;

/** Why the file at `path` is not a GLB 2.0 the viewer can show, or null. Reads its header and JSON only. */
export async function glbProblem(path: string, size: number): Promise<string | null> {
  const file = await fs.promises.open(path, 'r');
  try {
    const read = async (at: number, length: number) => {
      const b = Buffer.alloc(length);
      const { bytesRead } = await file.read(b, 0, length, at);
      return b.subarray(0, bytesRead);
    };
    const head = await read(0, 20);
    if (head.length < 20 || head.toString('latin1', 0, 4) !== 'glTF' || head.readUInt32LE(4) !== 2)
      return invalid('en-tête glTF 2.0 absent');
    if (head.readUInt32LE(8) !== size) return invalid('sa longueur déclarée ne correspond pas au fichier');
    const jsonLength = head.readUInt32LE(12);
    if (head.toString('latin1', 16, 20) !== 'JSON' || jsonLength === 0 || 20 + jsonLength > size)
      return invalid('bloc JSON absent ou tronqué');
    if (jsonLength > MAX_JSON_BYTES) return invalid('bloc JSON trop grand');
    // The chunks after the JSON must tile the file exactly (a binary chunk, rarely others).
    let binLength = 0;
    for (let at = 20 + pad4(jsonLength); at < size;) {
      const chunk = await read(at, 8);
      if (chunk.length < 8) return invalid('bloc tronqué');
      const length = chunk.readUInt32LE(0);
      if (at + 8 + length > size) return invalid('bloc tronqué');
      if (chunk.toString('latin1', 4, 8) === 'BIN\0' && at === 20 + pad4(jsonLength)) binLength = length;
      at += 8 + pad4(length);
    }
    let gltf: unknown;
    try {
      gltf = JSON.parse((await read(20, jsonLength)).toString('utf8'));
    } catch {
      return invalid('JSON illisible');
    }
    const g = gltf as { asset?: { version?: unknown }; meshes?: unknown; buffers?: Array<{ byteLength?: unknown }> };
    if (typeof g !== 'object' || g === null || g.asset?.version !== '2.0') return invalid('version glTF absente');
    if (!Array.isArray(g.meshes) || g.meshes.length === 0) return invalid('il ne contient aucune forme');
    const first = Array.isArray(g.buffers) ? g.buffers[0] : undefined;
    if (first && !('uri' in first) && !(typeof first.byteLength === 'number' && first.byteLength <= binLength))
      return invalid('ses données binaires sont incomplètes');
    return null;
  } finally {
    await file.close();
  }
}

const pad4 = (n: number) => (n + 3) & ~3;

/**
 * The viewer model of an upload whose original may come with its browser-made GLB: for an FBX with its
 * GLB, that GLB (checked); for an FBX alone, none and the reason kept in `model_error`; null when the
 * original is not an FBX and no GLB came (the caller goes on: STL conversion, GLB and glTF as they are).
 * Throws 400 for a GLB part beside anything but an FBX, or one that is not a real GLB.
 */
export async function browserViewerModel(
  original: ReceivedFile | undefined,
  glb: ReceivedFile | undefined,
  field: string,
): Promise<{ format: 'fbx'; glb: ReceivedFile | null; error: string | null } | null> {
  if (glb && original?.ext !== 'fbx')
    throw badRequest(GLB_WITHOUT_FBX, { errors: { [BROWSER_GLB_FIELD]: GLB_WITHOUT_FBX } });
  if (original?.ext !== 'fbx') return null;
  if (!glb) return { format: 'fbx', glb: null, error: FBX_WITHOUT_GLB };
  const problem = await glbProblem(glb.path, glb.size);
  if (problem) throw badRequest(problem, { errors: { [BROWSER_GLB_FIELD]: problem, [field]: problem } });
  return { format: 'fbx', glb, error: null };
}

/** The form's files without the browser's GLB, which is adopted as the viewer model, not as a field of its own. */
export function withoutBrowserGlb<T>(files: Record<string, T[]>): Record<string, T[]> {
  return Object.fromEntries(Object.entries(files).filter(([field]) => field !== BROWSER_GLB_FIELD));
}
