// POST /api/SousOption/Batch: the /sousdiv table saved all or nothing. One multipart request carries every
// row (field Rows: JSON [{SousNom, Tailles}], the icon of row i in SousIcone_i); every row and file is
// checked before anything is written, and the rows are inserted in one transaction, so a refused row never
// leaves its siblings stored (a retry after a fix cannot duplicate them). See docs/back-office.md.
import { z } from 'zod';

import { dotnetList } from '#domain/list';
import { SOUS_OPTION_MESSAGES, sousOptionSchema } from '#domain/option';
import { ICON_RULE } from '#domain/product';
import { boundedText, optionalText, textInvalid } from '#domain/text';

import { reachableProduct } from '../../auth/access';
import { sousOptions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { multipartBody } from '../../http/openapi/multipart';
import { problems } from '../../http/openapi/problem';
import { readMultipartForm } from '../multipartForm';
import { withStoredFiles } from '../storeFiles';

export const MAX_SOUS_OPTION_ROWS = 30;

const rowSchema = z.object({
  SousNom: boundedText({
    required: SOUS_OPTION_MESSAGES.sousNom,
    max: 200,
    invalid: textInvalid('Nom de la subdivision', 200),
  }),
  Tailles: optionalText(500, textInvalid('Tailles', 500)),
});
const rowsSchema = z
  .array(rowSchema)
  .min(1, 'Ajoutez au moins une subdivision.')
  .max(MAX_SOUS_OPTION_ROWS, `${MAX_SOUS_OPTION_ROWS} subdivisions au plus.`);
const idModelSchema = z
  .string()
  .regex(/^\d{1,9}$/)
  .transform(Number);
/** Rows travel as one JSON text field: the document gives the JSON's own schema (contentSchema). */
const rowsDoc = z.string().meta({
  description: `Les subdivisions, en JSON : 1 à ${MAX_SOUS_OPTION_ROWS} lignes {SousNom, Tailles} ; l'icône de la ligne i est le fichier SousIcone_i`,
  contentMediaType: 'application/json',
  contentSchema: z.toJSONSchema(rowsSchema, { io: 'input', target: 'draft-2020-12' }),
});
const ICON_WITHOUT_ROW = 'Icône sans subdivision';

const iconRules = Object.fromEntries(
  Array.from({ length: MAX_SOUS_OPTION_ROWS }, (_, i) => [
    `SousIcone_${i}`,
    { ...ICON_RULE, label: `Icône de la subdivision ${i + 1}` },
  ]),
);

function parseRows(raw: string | undefined) {
  let json: unknown;
  try {
    json = JSON.parse(raw ?? '');
  } catch {
    throw badRequest('Les subdivisions sont illisibles.', { errors: { Rows: 'Les subdivisions sont illisibles.' } });
  }
  const parsed = rowsSchema.safeParse(json);
  if (parsed.success) return parsed.data;
  // Errors keyed by row (SousNom_0, …) so the table can show each one beside its field.
  const errors: Record<string, string> = {};
  for (const issue of parsed.error.issues) {
    const [index, field] = issue.path;
    errors[typeof index === 'number' ? `${String(field ?? 'Rows')}_${index}` : 'Rows'] ??= issue.message;
  }
  throw badRequest(Object.values(errors).join(' ; '), { errors });
}

const sousOptionBatchRoutes: RoutePlugin = async (app, { db, files }) => {
  app.post(
    '/api/SousOption/Batch',
    {
      schema: {
        tags: ['Catalogue'],
        multipart: multipartBody({ IdModel: idModelSchema, Rows: rowsDoc }, iconRules),
        rules: [ICON_WITHOUT_ROW],
        response: { 201: listResponse(sousOptionSchema), ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      // Files are checked (count, size, type) by readMultipartForm before any row is looked at.
      const form = await readMultipartForm(request, files, iconRules);
      const idModel = idModelSchema.safeParse(form.fields.IdModel);
      if (!idModel.success) throw badRequest('Produit introuvable', { errors: { IdModel: 'Produit introuvable' } });
      const rows = parseRows(form.fields.Rows);
      const extra = Object.keys(form.files).find((f) => form.files[f].length && Number(f.split('_')[1]) >= rows.length);
      if (extra) throw badRequest(`${ICON_WITHOUT_ROW} : ${extra}`, { errors: { [extra]: ICON_WITHOUT_ROW } });
      const g = await reachableProduct(db, request.user, idModel.data);
      const inserted = await withStoredFiles(request, files, form.files, (keys) =>
        db.transaction((tx) =>
          tx
            .insert(sousOptions)
            .values(
              rows.map((r, i) => ({
                idGroupeModel: g.idGroupeModel,
                sousNom: r.SousNom,
                tailles: r.Tailles,
                sousIcone: keys[`SousIcone_${i}`]?.[0] ?? null,
              })),
            )
            .returning(),
        ),
      );
      const body = inserted.map((s) => ({
        id: s.id,
        idGroupeModel: s.idGroupeModel,
        sousNom: s.sousNom,
        sousIcone: s.sousIcone,
        tailles: s.tailles,
      }));
      return reply.status(201).send(dotnetList(body));
    },
  );
};

export default sousOptionBatchRoutes;
