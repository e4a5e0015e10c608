// GET /api/Fichier/catalogue/{file}: a stored catalogue file, served only to a user of the company whose
// product, model, option or sub-option references it (404 otherwise, as for any other company's record).

import { eq, or, sql } from 'drizzle-orm';
import { z } from 'zod';

import { reachesCompany } from '../../auth/access';
import type { Db } from '../../db/client';
import { groupeModels, models, options, sousOptions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { sendStoredFile } from '../../files/sendStoredFile';
import { notFound } from '../../http/errors';
import { rangedFileAnswers } from '../../http/openapi/files';
import { problems } from '../../http/openapi/problem';
import { CATALOGUE_AREA } from '../storeFiles';

const FILE_NAME = /^[0-9a-f-]{36}\.[a-z0-9]{1,8}$/;

const CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
  pdf: 'application/pdf',
  stl: 'model/stl',
  step: 'model/step',
  fbx: 'application/octet-stream',
};

/** The companies whose catalogue references this key. */
async function owners(db: Db, key: string): Promise<number[]> {
  const g = groupeModels;
  const rows = await db.execute<{ entreprise_id: number }>(sql`
    select ${g.entrepriseId} as entreprise_id from ${g}
      where ${or(eq(g.icone, key), eq(g.chemin3d, key), eq(g.cheminPdf, key), eq(g.ficheCote, key), sql`${g.cheminImageGroupe} @> ${JSON.stringify([key])}::jsonb`)}
    union select ${g.entrepriseId} from ${models} join ${g} on ${g.idGroupeModel} = ${models.idGroupeModel}
      where ${or(eq(models.icone, key), eq(models.model3d, key))}
    union select ${g.entrepriseId} from ${options} join ${g} on ${g.idGroupeModel} = ${options.idGroupeModel}
      where ${or(eq(options.cheminIconeGroupe, key), eq(options.cheminIcone, key), eq(options.chemin3d, key))}
    union select ${g.entrepriseId} from ${sousOptions} join ${g} on ${g.idGroupeModel} = ${sousOptions.idGroupeModel}
      where ${eq(sousOptions.sousIcone, key)}`);
  const list = (Array.isArray(rows) ? rows : (rows as { rows: { entreprise_id: number }[] }).rows) as {
    entreprise_id: number;
  }[];
  return list.map((r) => Number(r.entreprise_id));
}

const fileRoutes: RoutePlugin = async (app, { db, files }) => {
  app.get(
    `/api/Fichier/${CATALOGUE_AREA}/:name`,
    {
      schema: {
        tags: ['Catalogue'],
        params: z.object({
          name: z.string().meta({
            description:
              'Nom du fichier tel que les réponses du catalogue le donnent (uuid.extension) ; tout autre nom répond 404',
          }),
        }),
        response: {
          ...rangedFileAnswers([...new Set([...Object.values(CONTENT_TYPES), 'application/octet-stream'])]),
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      // Keys are lower-case; the router is case-insensitive but the stored name is not.
      const name = request.params.name.toLowerCase();
      if (!FILE_NAME.test(name)) throw notFound('Fichier introuvable');
      const key = `${CATALOGUE_AREA}/${name}`;
      const companies = await owners(db, key);
      if (!companies.some((id) => reachesCompany(request.user, id))) throw notFound('Fichier introuvable');
      const ext = name.slice(name.lastIndexOf('.') + 1);
      const inline = ext === 'pdf' || CONTENT_TYPES[ext]?.startsWith('image/');
      return sendStoredFile(request, reply, files, key, CONTENT_TYPES[ext] ?? 'application/octet-stream', {
        disposition: `${inline ? 'inline' : 'attachment'}; filename="${name}"`,
      });
    },
  );
};

export default fileRoutes;
