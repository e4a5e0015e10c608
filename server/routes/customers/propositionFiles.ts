// The proposition's stored files, for signed-in users who reach it: the quote PDF and the video.
import { z } from 'zod';
import { parseId } from '../../http/errors';
import type { RoutePlugin } from '../../deps';
import { reachableProposition } from './reach';
import { sendStoredFile } from './sendStoredFile';

const propositionFileRoutes: RoutePlugin = async (app, { db, files }) => {
  app.get(
    '/api/Uploader/downloadPDF/:propositionId',
    { compress: false, schema: { tags: ['Uploader'], params: z.object({ propositionId: z.string() }) } },
    async (request, reply) => {
      const id = parseId(request.params.propositionId, 'propositionId');
      const { row } = await reachableProposition(db, request.user, id);
      return sendStoredFile(request, reply, files, row.cheminPdf, 'application/pdf', `Devis_${id}.pdf`);
    },
  );

  app.get(
    '/api/Video/watch/:id',
    { compress: false, schema: { tags: ['Video'], params: z.object({ id: z.string() }) } },
    async (request, reply) => {
      const id = parseId(request.params.id);
      const { row } = await reachableProposition(db, request.user, id);
      return sendStoredFile(request, reply, files, row.cheminVideo, 'video/mp4');
    },
  );
};

export default propositionFileRoutes;
