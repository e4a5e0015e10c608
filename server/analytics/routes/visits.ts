// GET /api/ProductStatistics/Entreprise/{id}/visits: the company's visits with their signals (product_visits:
// AR outcome per platform, time, attention per viewing angle, source, device) as the columns of
// domain/analytics/visitColumns.ts, for the dashboard's worker. An addition to the provider's contract
// (docs/api.md). Who reads it: whoever reads the company's statistics (reachableCompany, as the versions
// route). ETag from the versions the database keeps per product (../visitAnswers.ts), 304 on If-None-Match;
// the built answer is kept compressed per tag and encoding, as the events answers (../answerCache.ts).
import { reachableCompany } from '../../auth/access';
import { heavyLane } from '../../db/heavyLane';
import type { RoutePlugin } from '../../deps';
import { encode, preferredEncoding } from '../../http/encoding';
import { idParams, notModified } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { AnswerCache } from '../answerCache';
import { matches } from '../eventAnswers';
import { visitsTag } from '../tags';
import { companyVisitVersions, visitColumnsSchema, visitsBody } from '../visitAnswers';

/** 16 MB of answers as sent: a compressed company answer of 100 000 visits is about 1 MB. */
const ANSWER_CACHE_BYTES = 16 * 1024 * 1024;

const visitsRoutes: RoutePlugin = async (app, { db, secretFor }) => {
  const key = secretFor('event-tags');
  // One per app (so per database): tags are only unique within one database.
  const answers = new AnswerCache(ANSWER_CACHE_BYTES);
  // Building a company's answer reads all its visits: on PGlite, behind the light requests (../../db/heavyLane.ts).
  const lane = heavyLane(db);
  app.get(
    '/api/ProductStatistics/Entreprise/:entrepriseId/visits',
    {
      config: { heavy: true },
      schema: {
        tags: ['Analytique'],
        description:
          "Addition au contrat : les visites de l'entreprise avec leurs signaux (AR par plateforme, temps, attention par angle, source, appareil), en colonnes, par heure de début.",
        params: idParams('entrepriseId'),
        response: { 200: visitColumnsSchema, 304: notModified, ...problems(404) },
      },
    },
    async (request, reply) => {
      const entrepriseId = await reachableCompany(db, request.user, request.params.entrepriseId);
      const tag = visitsTag(key, entrepriseId, await companyVisitVersions(db, [entrepriseId]));
      reply.header('ETag', tag);
      // No Cache-Control of its own: like every /api answer it is no-store (server/http/security.ts, personal
      // data stays out of the browser's HTTP cache); the worker keeps it itself and revalidates with the tag.
      reply.header('Vary', 'Accept-Encoding');
      if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send(undefined);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const cacheKey = `${tag} ${encoding}`;
      let bytes = answers.get(cacheKey);
      if (bytes === undefined) {
        bytes = await encode(Buffer.from(await lane(() => visitsBody(db, entrepriseId))), encoding);
        answers.set(cacheKey, bytes);
      }
      reply.type('application/json; charset=utf-8');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      // Bytes of the exact shape already (built by PostgreSQL): sent without the (zod) serializer.
      return reply.send(bytes as never);
    },
  );
};

export default visitsRoutes;
