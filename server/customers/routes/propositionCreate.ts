// POST /api/Propositions (from the sales app): multipart customerId, description, pdf, video. Files are
// recognised by their content (PDF, MP4) on their first bytes, capped in size (413 beyond) while they
// stream to disk (server/files/receiveUpload.ts), and stored under server-chosen keys.
import { z } from 'zod';

import { ID_DIGITS } from '#domain/patterns';
import { propositionSchema } from '#domain/proposition';
import { boundedText } from '#domain/text';

import { withStoredFiles } from '../../catalogue/storeFiles';
import { propositions } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { type PartRule, receiveMultipart } from '../../files/receiveUpload';
import { badRequest, parseId } from '../../http/errors';
import { multipartBody } from '../../http/openapi/multipart';
import { problems } from '../../http/openapi/problem';
import { reachableCustomer, reachableProposition } from '../reach';

export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;

const PDF_MESSAGE = 'Le devis doit être un fichier PDF.';
const VIDEO_MESSAGE = 'La vidéo doit être un fichier MP4.';
const RULES: Record<'pdf' | 'video', PartRule> = {
  pdf: {
    kinds: ['pdf'],
    maxBytes: PDF_MAX_BYTES,
    min: 1,
    max: 1,
    label: 'Devis (PDF)',
    wrongKind: PDF_MESSAGE,
    tooMany: 'Un seul devis PDF par proposition.',
  },
  video: {
    kinds: ['mp4'],
    maxBytes: VIDEO_MAX_BYTES,
    min: 0,
    max: 1,
    label: 'Vidéo (MP4)',
    wrongKind: VIDEO_MESSAGE,
    tooMany: 'Une seule vidéo par proposition.',
  },
};
// Where each file is stored (areas of server/files/storage.ts).
const AREAS = { pdf: 'propositions', video: 'videos' } as const;

const descriptionSchema = boundedText({
  max: 2000,
  invalid: 'Description trop longue (2000 caractères max)',
  multiline: true,
});

const propositionCreateRoutes: RoutePlugin = async (app, { db, files }) => {
  app.post(
    '/api/Propositions',
    {
      schema: {
        tags: ['Propositions'],
        multipart: multipartBody(
          { customerId: z.string().regex(ID_DIGITS), description: descriptionSchema.optional() },
          RULES,
        ),
        response: { 201: propositionSchema, ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      const form = await receiveMultipart(request, files, RULES, {
        notMultipart: 'Formulaire multipart attendu (customerId, description, pdf, video).',
        maxFields: 10,
      });
      const customerId = parseId(form.fields.customerId, 'customerId');
      const description = descriptionSchema.safeParse(form.fields.description ?? '');
      if (!description.success)
        throw badRequest(description.error.issues[0].message, {
          errors: { description: description.error.issues[0].message },
        });
      const [pdf] = form.files.pdf ?? [];
      if (!pdf) throw badRequest(PDF_MESSAGE, { errors: { pdf: PDF_MESSAGE } });
      const [video] = form.files.video ?? [];
      await reachableCustomer(db, request.user, customerId);

      // Files first, then the row: a crash between the two leaves files no row refers to, which the
      // start-up sweep removes; never a row without its file.
      // Files first, then the row: a crash between the two leaves files no row refers to, which the
      // start-up sweep removes; never a row without its file.
      const id = await withStoredFiles(
        request,
        files,
        { pdf: [pdf], video: video ? [video] : [] },
        async (k) => {
          const [row] = await db
            .insert(propositions)
            .values({
              customerId,
              description: description.data || null,
              cheminPdf: k.pdf[0],
              cheminVideo: k.video[0] ?? null,
            })
            .returning({ id: propositions.propositionId });
          return row.id;
        },
        AREAS,
      );
      request.log.info({ event: 'proposition.created', propositionId: id, userId: request.user.userId });
      return reply.status(201).send((await reachableProposition(db, request.user, id)).api);
    },
  );
};

export default propositionCreateRoutes;
