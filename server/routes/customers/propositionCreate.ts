// POST /api/Propositions (from the sales app): multipart customerId, description, pdf, video. Files are
// recognised by their content (PDF, MP4), capped in size (413 beyond), stored under server-chosen keys.
import { z } from 'zod';
import { propositionSchema } from '../../../src/domain/proposition';
import { propositions } from '../../db/schema';
import { sniff } from '../../files/sniff';
import { HttpError, badRequest, parseId } from '../../http/errors';
import type { RoutePlugin } from '../../deps';
import { reachableCustomer, reachableProposition } from './reach';

export const PDF_MAX_BYTES = 20 * 1024 * 1024;
export const VIDEO_MAX_BYTES = 200 * 1024 * 1024;

const tooLarge = () => new HttpError(413, 'Fichier trop volumineux', 'La taille maximale autorisée est dépassée.');
const descriptionSchema = z.string().trim().max(2000, 'Description trop longue (2000 caractères max)');

const propositionCreateRoutes: RoutePlugin = async (app, { db, files }) => {
  app.post(
    '/api/Propositions',
    { schema: { tags: ['Propositions'], consumes: ['multipart/form-data'], response: { 201: propositionSchema } } },
    async (request, reply) => {
      if (!request.isMultipart()) throw badRequest('Formulaire multipart attendu (customerId, description, pdf, video).');
      const fields: Record<string, string> = {};
      let pdf: Buffer | undefined;
      let video: Buffer | undefined;
      for await (const part of request.parts({ limits: { fileSize: VIDEO_MAX_BYTES, files: 2, fields: 10 } })) {
        if (part.type === 'file') {
          const data = await part.toBuffer();
          if (part.fieldname === 'pdf') {
            if (data.length > PDF_MAX_BYTES) throw tooLarge();
            pdf = data;
          } else if (part.fieldname === 'video') video = data;
        } else fields[part.fieldname] = String(part.value ?? '');
      }
      const customerId = parseId(fields.customerId, 'customerId');
      const description = descriptionSchema.safeParse(fields.description ?? '');
      if (!description.success) throw badRequest(description.error.issues[0].message, { errors: { description: description.error.issues[0].message } });
      if (!pdf || sniff(pdf) !== 'pdf') throw badRequest('Le devis doit être un fichier PDF.', { errors: { pdf: 'Le devis doit être un fichier PDF.' } });
      if (video && video.length === 0) video = undefined;
      if (video && sniff(video) !== 'mp4') throw badRequest('La vidéo doit être un fichier MP4.', { errors: { video: 'La vidéo doit être un fichier MP4.' } });
      await reachableCustomer(db, request.user, customerId);

      const pdfKey = await files.save('propositions', 'pdf', pdf);
      const videoKey = video ? await files.save('videos', 'mp4', video) : null;
      let id: number;
      try {
        const [row] = await db
          .insert(propositions)
          .values({ customerId, description: description.data || null, cheminPdf: pdfKey, cheminVideo: videoKey })
          .returning({ id: propositions.propositionId });
        id = row.id;
      } catch (err) {
        await files.remove([pdfKey, videoKey]);
        throw err;
      }
      request.log.info({ event: 'proposition.created', propositionId: id, userId: request.user.userId });
      return reply.status(201).send((await reachableProposition(db, request.user, id)).api);
    },
  );
};

export default propositionCreateRoutes;
