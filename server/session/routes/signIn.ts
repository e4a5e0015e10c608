// POST /api/Auth/backoffice/login and POST /api/Auth/logout.
import { eq, sql } from 'drizzle-orm';

import { loginInputSchema, loginResponseSchema } from '#domain/auth';

import { KnownSignIns } from '../../auth/knownSignIns';
import { type Attempt, retryMessage, TooManyAttempts } from '../../auth/loginThrottle';
import { dummyHash } from '../../auth/password';
import { accountRefusal, loadSessionUser } from '../../auth/session';
import { VerifierBusy } from '../../auth/verificationGate';
import { users } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { addressKey } from '../../http/addressKey';
import { isDatabaseUnavailable } from '../../http/errorHandler';
import { forbidden, HttpError, tooMany, unauthorized } from '../../http/errors';
import { noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';

const authRoutes: RoutePlugin = async (app, { db, tokens, throttle, verifications }) => {
  const known = new KnownSignIns();
  app.post(
    '/api/Auth/backoffice/login',
    {
      config: { public: true },
      schema: {
        tags: ['Auth'],
        body: loginInputSchema,
        response: { 200: loginResponseSchema, ...problems(401, 403, 429, 503) },
      },
    },
    async (request, reply) => {
      const mail = request.body.mail.toLowerCase();
      // An IPv6 client holds a whole /64: its addresses count as one (server/http/addressKey.ts).
      const address = addressKey(request.ip);
      let attempt: Attempt;
      try {
        attempt = await throttle.begin(mail, address);
      } catch (err) {
        if (err instanceof TooManyAttempts) {
          request.log.warn({ event: 'login.throttled', mail, address });
          reply.header('Retry-After', String(Math.ceil(err.retryAfterMs / 1000)));
          throw tooMany(retryMessage(err.retryAfterMs));
        }
        // The counters' store is gone: refuse rather than sign in unthrottled (PostgreSQL's own
        // unavailability already has its 503 in the error handler).
        if (isDatabaseUnavailable(err)) throw err;
        request.log.error({ event: 'login.throttle_unavailable', err });
        throw new HttpError(
          503,
          'Service indisponible',
          'La connexion est momentanément indisponible. Réessayez dans quelques instants.',
        );
      }
      const user = await loadSessionUser(db, { mail });
      // Verify against a dummy hash when the mail is unknown: both failures take the same time.
      // At most a few verifications at once (server/auth/verificationGate.ts): a flood waits in a short
      // queue, then is refused, instead of holding every thread file reads need.
      let ok: boolean;
      try {
        ok = await verifications.check(
          user?.passwordHash ?? (await dummyHash()),
          request.body.password,
          known.has(mail, address),
        );
      } catch (err) {
        if (!(err instanceof VerifierBusy)) throw err;
        await attempt.abandoned();
        request.log.warn({ event: 'login.busy', address });
        reply.header('Retry-After', String(err.retryAfterSec));
        throw new HttpError(
          503,
          'Service indisponible',
          'Trop de connexions en cours. Réessayez dans quelques secondes.',
        );
      }
      if (!user || !ok) {
        await attempt.failed();
        request.log.warn({ event: 'login.failed', mail, address });
        throw unauthorized('Identifiants invalides');
      }
      await attempt.succeeded();
      known.add(mail, address);
      // Only now, the password being right, may the answer tell about the account's state.
      const refusal = await accountRefusal(db, user);
      if (refusal) {
        request.log.warn({ event: 'login.refused', userId: user.userId, reason: refusal });
        throw forbidden(refusal);
      }
      request.log.info({ event: 'login.ok', userId: user.userId });
      return { token: await tokens.sign({ userId: user.userId, version: user.tokenVersion }) };
    },
  );

  app.post('/api/Auth/logout', { schema: { tags: ['Auth'], response: { 204: noContent } } }, async (request, reply) => {
    await db
      .update(users)
      .set({ tokenVersion: sql`${users.tokenVersion} + 1` })
      .where(eq(users.userId, request.user.userId));
    return reply.status(204).send();
  });
};

export default authRoutes;
