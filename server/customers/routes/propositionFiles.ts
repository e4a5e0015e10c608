// The proposition's stored files, for signed-in users who reach it: the quote PDF and the video.
import type { RoutePlugin } from '../../deps';
import { sendStoredFile } from '../../files/sendStoredFile';
import { rangedFileAnswers } from '../../http/openapi/files';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { reachableProposition } from '../reach';

const propositionFileRoutes: RoutePlugin = async (app, { db, files }) => {
  app.get(
    '/api/Uploader/downloadPDF/:propositionId',
    {
      compress: false,
      schema: {
        tags: ['Uploader'],
        params: idParams('propositionId'),
        response: { ...rangedFileAnswers(['application/pdf'], 'Le devis (PDF)'), ...problems(404) },
      },
    },
    async (request, reply) => {
      const id = request.params.propositionId;
      const { row } = await reachableProposition(db, request.user, id);
      return sendStoredFile(request, reply, files, row.cheminPdf, 'application/pdf', `Devis_${id}.pdf`);
    },
  );

  app.get(
    '/api/Video/watch/:id',
    {
      compress: false,
      schema: {
        tags: ['Video'],
        params: idParams('id'),
        response: { ...rangedFileAnswers(['video/mp4'], 'La vidéo (MP4)'), ...problems(404) },
      },
    },
    async (request, reply) => {
      const id = request.params.id;
      const { row } = await reachableProposition(db, request.user, id);
      return sendStoredFile(request, reply, files, row.cheminVideo, 'video/mp4');
    },
  );
};

export default propositionFileRoutes;
