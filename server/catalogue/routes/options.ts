// POST /api/Option (one option per request; the form sends several in parallel), POST /api/SousOption
// (multipart: SousNom, SousIcone file, IdModel, Tailles) and the lists of one product's options and sub-options.
import { asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { dotnetList } from '#domain/list';
import {
  OPTION_RULES,
  optionPayloadSchema,
  optionSchema,
  SOUS_OPTION_MESSAGES,
  sousOptionSchema,
} from '#domain/option';
import { ICON_RULE } from '#domain/product';
import { boundedText, optionalText, textInvalid } from '#domain/text';

import { reachableProduct } from '../../auth/access';
import { options, sousOptions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { listResponse } from '../../http/listSchema';
import { multipartBody } from '../../http/openapi/multipart';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { fieldErrors, readMultipartForm } from '../multipartForm';
import { withStoredFiles } from '../storeFiles';

const sousOptionFields = z.object({
  SousNom: boundedText({
    required: SOUS_OPTION_MESSAGES.sousNom,
    max: 200,
    invalid: textInvalid('Nom de la subdivision', 200),
  }),
  IdModel: z
    .string({ error: 'Produit introuvable' })
    .regex(/^\d{1,9}$/, 'Produit introuvable')
    .transform(Number),
  Tailles: optionalText(500, textInvalid('Tailles', 500)),
});

const toOption = (o: typeof options.$inferSelect) => ({
  id: o.id,
  idGroupeModel: o.idGroupeModel,
  typeOption: o.typeOption,
  nomGroupe: o.nomGroupe,
  nom: o.nom,
  colorTag: o.colorTag,
  toggle: o.toggle ?? null,
  liste: o.liste ?? null,
});
const toSousOption = (s: typeof sousOptions.$inferSelect) => ({
  id: s.id,
  idGroupeModel: s.idGroupeModel,
  sousNom: s.sousNom,
  sousIcone: s.sousIcone,
  tailles: s.tailles,
});
const groupParams = { params: idParams('id') };
const FILE_RULES = { SousIcone: { ...ICON_RULE, label: 'Icône de la subdivision' } };

const optionRoutes: RoutePlugin = async (app, { db, files }) => {
  app.post(
    '/api/Option',
    {
      schema: {
        tags: ['Catalogue'],
        body: optionPayloadSchema,
        rules: OPTION_RULES,
        response: { 201: optionSchema, ...problems(404) },
      },
    },
    async (request, reply) => {
      const o = request.body;
      // idModel is the product group of the /options?groupId= page.
      const g = await reachableProduct(db, request.user, o.idModel);
      const [row] = await db
        .insert(options)
        .values({
          idGroupeModel: g.idGroupeModel,
          typeOption: o.typeOption,
          nomGroupe: o.nomGroupe,
          nom: o.nom ?? null,
          colorTag: o.typeOption === 'Coloris' ? (o.colorTag ?? null) : null,
          toggle: o.toggle ?? null,
          liste: o.liste ?? null,
        })
        .returning();
      return reply.status(201).send(toOption(row));
    },
  );

  app.get(
    '/api/Option/GroupeModel/:id',
    {
      schema: { tags: ['Catalogue'], ...groupParams, response: { 200: listResponse(optionSchema), ...problems(404) } },
    },
    async (request) => {
      const g = await reachableProduct(db, request.user, request.params.id);
      const rows = await db
        .select()
        .from(options)
        .where(eq(options.idGroupeModel, g.idGroupeModel))
        .orderBy(asc(options.id));
      return dotnetList(rows.map(toOption));
    },
  );

  app.post(
    '/api/SousOption',
    {
      schema: {
        tags: ['Catalogue'],
        multipart: multipartBody(sousOptionFields.shape, FILE_RULES),
        response: { 201: sousOptionSchema, ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      const form = await readMultipartForm(request, files, FILE_RULES);
      const parsed = sousOptionFields.safeParse(form.fields);
      if (!parsed.success) throw fieldErrors(parsed.error.issues);
      const g = await reachableProduct(db, request.user, parsed.data.IdModel);
      const row = await withStoredFiles(request, files, form.files, async (keys) => {
        const [inserted] = await db
          .insert(sousOptions)
          .values({
            idGroupeModel: g.idGroupeModel,
            sousNom: parsed.data.SousNom,
            tailles: parsed.data.Tailles,
            sousIcone: keys.SousIcone?.[0] ?? null,
          })
          .returning();
        return inserted;
      });
      return reply.status(201).send(toSousOption(row));
    },
  );

  app.get(
    '/api/SousOption/GroupeModel/:id',
    {
      schema: {
        tags: ['Catalogue'],
        ...groupParams,
        response: { 200: listResponse(sousOptionSchema), ...problems(404) },
      },
    },
    async (request) => {
      const g = await reachableProduct(db, request.user, request.params.id);
      const rows = await db
        .select()
        .from(sousOptions)
        .where(eq(sousOptions.idGroupeModel, g.idGroupeModel))
        .orderBy(asc(sousOptions.id));
      return dotnetList(rows.map(toSousOption));
    },
  );
};

export default optionRoutes;
