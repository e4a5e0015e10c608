// The product a public viewer key names, with what its page shows and its company's viewer settings.
import type { Db } from '../db/client';
import { readStatement } from '../db/statements';

const KEY = /^[A-Za-z0-9_-]{16,64}$/;

export interface ViewerProduct {
  produitId: number;
  nom: string;
  prix: string | null;
  chemin3d: string | null;
  /** The 3D file's format, read at upload (glb, gltf, stl, fbx, step). */
  modelFormat: string | null;
  /** The viewer's light GLB made at upload (an STL converted, a GLB or glTF optimised). */
  viewerModel: string | null;
  /** SHA-256 of what the viewer serves (its content address); null for rows stored before migration 0009. */
  viewerModelHash: string | null;
  /** The viewer's poster: the WebP made at upload, or without one (rows stored before) the first image. */
  poster: string | null;
  quoteUrl: string | null;
  frameOrigins: string[];
}

/** Read on every viewer page and visit: a named statement (server/db/statements.ts). */
const byKey = readStatement<ViewerProduct>(
  'viewer_product_by_key',
  `select g.id_groupe_model as "produitId", g.nom_groupe_model as "nom", g.prix_catalogue::text as "prix",
     g.chemin_3d as "chemin3d", g.model_format as "modelFormat",
     g.viewer_model as "viewerModel", g.viewer_model_hash as "viewerModelHash",
     coalesce(g.viewer_poster, g.chemin_image_groupe->>0) as "poster", e.quote_url as "quoteUrl", e.frame_origins as "frameOrigins"
   from groupe_models g join entreprises e on e.entreprise_id = g.entreprise_id
   where g.public_key = $1::text limit 1`,
);

/** The product of this key, or null (a malformed key costs no query). */
export async function viewerProduct(db: Db, key: string): Promise<ViewerProduct | null> {
  if (!KEY.test(key)) return null;
  const [row] = await byKey(db, [key]);
  return row ?? null;
}
