// The public viewer's files and their URLs (docs/viewer.md, "Caching"): the model the viewer shows and the
// poster shown before it, each under a URL that names its content, so that the URL can be cached for a
// year (`immutable`) and a changed model or photo is a new URL.
import { createHash } from 'node:crypto';

import type { ViewerProduct } from './viewerProduct';

/** Hex characters of the address kept in URLs: 64 bits, no collision between a product's versions. */
export const ADDRESS_CHARS = 16;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');

/**
 * The file the viewer shows and its type, or null: no model, a format it cannot show, an STL not converted.
 * The light GLB made at upload comes first; a GLB or glTF without one (stored before, or not optimisable)
 * is shown as uploaded.
 */
export function shownModel(p: ViewerProduct): { key: string; type: string; ext: 'glb' | 'gltf' } | null {
  if (!p.chemin3d) return null;
  if (p.viewerModel) return { key: p.viewerModel, type: 'model/gltf-binary', ext: 'glb' };
  if (p.modelFormat === 'glb') return { key: p.chemin3d, type: 'model/gltf-binary', ext: 'glb' };
  if (p.modelFormat === 'gltf') return { key: p.chemin3d, type: 'model/gltf+json', ext: 'gltf' };
  return null;
}

/** The model's file name under /api/viewer/{key}/model/, or null without a content hash (stored before). */
export function modelFileName(p: ViewerProduct): string | null {
  const model = shownModel(p);
  return model && p.viewerModelHash ? `${p.viewerModelHash.slice(0, ADDRESS_CHARS)}.${model.ext}` : null;
}

export function modelUrl(key: string, p: ViewerProduct): string | null {
  if (!shownModel(p)) return null;
  const name = modelFileName(p);
  return name ? `/api/viewer/${key}/model/${name}` : `/api/viewer/${key}/model`;
}

const POSTER_EXT = /\.(png|jpg|webp|gif)$/;

/**
 * The poster's file name: a hash of the stored image's key (a stored key never names other bytes: a new
 * photo is a new key) and its extension. Null without a photo, or for one of another kind.
 */
export function posterFileName(p: ViewerProduct): string | null {
  const ext = p.poster ? POSTER_EXT.exec(p.poster)?.[1] : undefined;
  return ext ? `${sha256(p.poster!).slice(0, ADDRESS_CHARS)}.${ext}` : null;
}

export function posterUrl(key: string, p: ViewerProduct): string | null {
  const name = posterFileName(p);
  return name ? `/api/viewer/${key}/poster/${name}` : null;
}

/** A strong ETag naming these bytes. */
export const etagOf = (body: string | Buffer) =>
  `"${createHash('sha256').update(body).digest('base64url').slice(0, 27)}"`;
