// The public share link of a proposition (no sign-in), docs/back-office.md "The customer's share link":
// - GET /api/Video/public/{token}: a browser (Accept: text/html) gets the proposition's page
//   (../shareLinkPage.ts); anything else gets the MP4, as the link always answered (API clients, a <video>
//   embedding the link);
// - GET /api/Video/public/{token}/video: the MP4 (what the page's player plays);
// - GET /api/Video/public/{token}/pdf: the quote PDF.
// Every one answers 404 for an unknown or replaced link and 410 once it expired (a page to a browser).
// The MP4, by either path, counts one view per visit (../viewCounter.ts); a counted view marks the
// proposition "Vidéo vue" (../shareLink.ts). The page itself and the PDF count nothing.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';

import { publicVideoPath } from '#domain/proposition';

import type { RoutePlugin } from '../../deps';
import { sendStoredFile } from '../../files/sendStoredFile';
import { notFound } from '../../http/errors';
import { rangedFileAnswers } from '../../http/openapi/files';
import { problemsOrPage } from '../../http/openapi/problem';
import { refuseLink } from '../linkErrorPage';
import { sendPublicPage, wantsHtml } from '../publicPage';
import { findShareLink, recordView, type ShareLink } from '../shareLink';
import { shareLinkPage } from '../shareLinkPage';
import { opensPlayback, ViewCounter } from '../viewCounter';

const NO_PDF = "Cette proposition n'a pas de devis.";

const tags = ['Video'];
const params = z.object({ token: z.string().max(1000).meta({ description: 'Le jeton du lien (hexadécimal)' }) });
const refusals = problemsOrPage(404, 410);

export const publicVideoFilePath = (token: string) => `${publicVideoPath(token)}/video`;
export const publicPdfPath = (token: string) => `${publicVideoPath(token)}/pdf`;

const shareLinkRoutes: RoutePlugin = async (app, { db, files, limiters, secretFor }) => {
  const views = await ViewCounter.create(limiters, secretFor('video-views'));

  /** The link of the request's token, or undefined once the refusal is answered. */
  async function linkOf(token: string, request: FastifyRequest, reply: FastifyReply) {
    const link = await findShareLink(db, token);
    if (typeof link === 'string') {
      await refuseLink(request, reply, link);
      return undefined;
    }
    return link;
  }

  /** The MP4 with ranges; an opening request of a new visit counts a view. */
  async function sendVideo(request: FastifyRequest, reply: FastifyReply, link: ShareLink) {
    const opens = opensPlayback(request.method, request.headers.range);
    // The store failing (Redis gone) loses a view, never the video.
    const counted =
      (await files.exists(link.video)) &&
      (await views.seen(link.token, request.ip, opens).catch((err: unknown) => {
        request.log.error({ event: 'video.view_uncounted', err });
        return false;
      }));
    if (counted) await recordView(db, link.id);
    return sendStoredFile(request, reply, files, link.video, 'video/mp4');
  }

  app.get(
    '/api/Video/public/:token',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags,
        description:
          'Sans connexion. Un navigateur (Accept: text/html) reçoit la page de la proposition (nom de l’entreprise, description, lecteur vidéo, devis PDF) ; tout autre client reçoit la vidéo (MP4), comme le lien l’a toujours fait. 404 pour un lien inconnu ou remplacé, 410 une fois expiré ; un navigateur reçoit alors une page.',
        params,
        response: {
          ...rangedFileAnswers(['video/mp4'], 'La vidéo (MP4)'),
          200: {
            description: 'La vidéo (MP4), ou la page de la proposition pour un navigateur (Accept: text/html)',
            content: {
              'video/mp4': { schema: z.string().meta({ format: 'binary' }) },
              'text/html': { schema: z.string() },
            },
          },
          ...refusals,
        },
      },
    },
    async (request, reply) => {
      const link = await linkOf(request.params.token, request, reply);
      if (!link) return reply;
      if (!wantsHtml(request)) return sendVideo(request, reply.header('Vary', 'Accept'), link);
      const page = shareLinkPage({
        company: link.company,
        description: link.description,
        videoUrl: publicVideoFilePath(link.token),
        pdfUrl: link.pdf ? publicPdfPath(link.token) : null,
        expiresAt: link.expiresAt,
        timeZone: link.timeZone,
      });
      return sendPublicPage(reply, 200, page);
    },
  );

  app.get(
    '/api/Video/public/:token/video',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags,
        description:
          'Sans connexion : la vidéo (MP4) que lit la page du lien, avec les plages (Range). Compte une vue par visite. 404 pour un lien inconnu ou remplacé, 410 une fois expiré.',
        params,
        response: { ...rangedFileAnswers(['video/mp4'], 'La vidéo (MP4)'), ...refusals },
      },
    },
    async (request, reply) => {
      const link = await linkOf(request.params.token, request, reply);
      if (!link) return reply;
      return sendVideo(request, reply, link);
    },
  );

  app.get(
    '/api/Video/public/:token/pdf',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags,
        description:
          'Sans connexion : le devis (PDF) de la proposition, en téléchargement. 404 pour un lien inconnu ou remplacé, ou une proposition sans devis ; 410 une fois le lien expiré.',
        params,
        rules: [NO_PDF],
        response: { ...rangedFileAnswers(['application/pdf'], 'Le devis (PDF)'), ...refusals },
      },
    },
    async (request, reply) => {
      const link = await linkOf(request.params.token, request, reply);
      if (!link) return reply;
      if (!link.pdf) throw notFound(NO_PDF);
      return sendStoredFile(request, reply, files, link.pdf, 'application/pdf', `Devis_${link.propositionId}.pdf`);
    },
  );
};

export default shareLinkRoutes;
