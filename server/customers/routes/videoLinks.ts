// Expiring share links of a proposition's video: generate (CSPRNG token, 128 bits, hex), read the
// expiry, and the public link itself (no sign-in; 410 once expired; range requests; counts one view per
// visit: ./viewCounter.ts).
import crypto from 'node:crypto';

import { eq, sql } from 'drizzle-orm';
import { z } from 'zod';

import { publicVideoPath } from '../../../src/domain/proposition';
import { propositions, videoAccessTokens } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { sendStoredFile } from '../../files/sendStoredFile';
import { badRequest, notFound } from '../../http/errors';
import { rangedFileAnswers } from '../../http/openapi/files';
import { idParams } from '../../http/openapi/params';
import { problems, problemsOrPage } from '../../http/openapi/problem';
import { refuseLink } from '../linkErrorPage';
import { reachableProposition } from '../reach';
import { opensPlayback, ViewCounter } from '../viewCounter';

const DAY_MS = 86_400_000;
const NO_VIDEO = "Cette proposition n'a pas de vidéo.";
const TOKEN = /^[0-9a-f]{32,128}$/;

/** 16 random bytes from the CSPRNG: 128 bits, lower-case hex. */
export const newShareToken = () => crypto.randomBytes(16).toString('hex');

const videoLinkRoutes: RoutePlugin = async (app, { db, files, shareLinkDays, limiters, secretFor }) => {
  const views = await ViewCounter.create(limiters, secretFor('video-views'));
  // A new link replaces the previous one (and its view count).
  app.post(
    '/api/Video/generate-link/:propositionId',
    {
      schema: {
        tags: ['Video'],
        params: idParams('propositionId'),
        rules: [NO_VIDEO],
        response: { 200: z.object({ link: z.string(), expiresAt: z.iso.datetime() }), ...problems(404) },
      },
    },
    async (request) => {
      const id = request.params.propositionId;
      const { row } = await reachableProposition(db, request.user, id);
      if (!row.cheminVideo) throw badRequest(NO_VIDEO);
      const token = newShareToken();
      const expiresAt = new Date(Date.now() + shareLinkDays * DAY_MS);
      await db
        .insert(videoAccessTokens)
        .values({ propositionId: id, token, expiresAt })
        .onConflictDoUpdate({
          target: videoAccessTokens.propositionId,
          set: { token, expiresAt, viewCount: 0, createdAt: new Date() },
        });
      request.log.info({ event: 'video.link.generated', propositionId: id, userId: request.user.userId });
      return { link: publicVideoPath(token), expiresAt: expiresAt.toISOString() };
    },
  );

  app.get(
    '/api/video/expiration/:id',
    {
      schema: {
        tags: ['Video'],
        params: idParams('id'),
        response: { 200: z.object({ expirationDate: z.iso.datetime() }), ...problems(404) },
      },
    },
    async (request) => {
      const { api } = await reachableProposition(db, request.user, request.params.id);
      if (!api.videoAccessToken) throw notFound("Aucun lien n'a été généré");
      return { expirationDate: api.videoAccessToken.expiresAt };
    },
  );

  app.get(
    '/api/Video/public/:token',
    {
      config: { public: true },
      compress: false,
      schema: {
        tags: ['Video'],
        description:
          'Le lien public d’une vidéo (sans connexion) : 404 pour un lien inconnu ou remplacé, 410 une fois expiré ; un navigateur (Accept: text/html) reçoit alors une page.',
        params: z.object({ token: z.string().max(1000) }),
        response: { ...rangedFileAnswers(['video/mp4'], 'La vidéo (MP4)'), ...problemsOrPage(404, 410) },
      },
    },
    async (request, reply) => {
      const token = request.params.token.toLowerCase();
      if (!TOKEN.test(token)) return refuseLink(request, reply, 'invalid');
      const [link] = await db
        .select({ id: videoAccessTokens.id, expiresAt: videoAccessTokens.expiresAt, video: propositions.cheminVideo })
        .from(videoAccessTokens)
        .innerJoin(propositions, eq(propositions.propositionId, videoAccessTokens.propositionId))
        .where(eq(videoAccessTokens.token, token));
      if (!link) return refuseLink(request, reply, 'invalid');
      if (link.expiresAt.getTime() <= Date.now()) return refuseLink(request, reply, 'expired');
      const opens = opensPlayback(request.method, request.headers.range);
      // The store failing (Redis gone) loses a view, never the video.
      const counted =
        (await files.exists(link.video)) &&
        (await views.seen(token, request.ip, opens).catch((err: unknown) => {
          request.log.error({ event: 'video.view_uncounted', err });
          return false;
        }));
      if (counted) {
        await db
          .update(videoAccessTokens)
          .set({ viewCount: sql`${videoAccessTokens.viewCount} + 1` })
          .where(eq(videoAccessTokens.id, link.id));
      }
      return sendStoredFile(request, reply, files, link.video, 'video/mp4');
    },
  );
};

export default videoLinkRoutes;
