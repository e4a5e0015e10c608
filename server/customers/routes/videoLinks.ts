// Expiring share links of a proposition's video: generate (CSPRNG token, 128 bits, hex) and read the
// expiry. The public link itself (no sign-in) is ./shareLink.ts.
import crypto from 'node:crypto';

import { z } from 'zod';

import { publicVideoPath } from '#domain/proposition';

import { videoAccessTokens } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { badRequest, notFound } from '../../http/errors';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { reachableProposition } from '../reach';

const DAY_MS = 86_400_000;
const NO_VIDEO = "Cette proposition n'a pas de vidéo.";

/** 16 random bytes from the CSPRNG: 128 bits, lower-case hex. */
export const newShareToken = () => crypto.randomBytes(16).toString('hex');

const videoLinkRoutes: RoutePlugin = async (app, { db, shareLinkDays }) => {
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
};

export default videoLinkRoutes;
