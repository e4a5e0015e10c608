// POST /api/collect (public): a batch of events sent by a product's viewer (docs/viewer.md). The body is
// JSON, or the same JSON as text/plain (what navigator.sendBeacon sends without a CORS preflight).
// Order of the checks: bots and over-limit addresses cost no query; an unknown key answers 404; a valid
// batch is one INSERT, then 202. Nothing is stored on any refusal.
import { eq, sql } from 'drizzle-orm';
import { isRobot } from './bots';
import { z } from 'zod';
import { CLOCK_SKEW_MESSAGE, collectBatchSchema, type CollectEventType } from '../../../src/domain/collect';
import { groupeModels, productEvents } from '../../db/schema';
import { preparedPerDatabase } from '../../db/prepared';
import { HttpError, badRequest, notFound } from '../../http/errors';
import { problems } from '../../http/openapi/problem';
import type { RoutePlugin } from '../../deps';
import { countryOf, preloadCountries } from './country';
import { createCollectLimiter } from './limits';

const productByKey = preparedPerDatabase((db) =>
  db
    .select({ produitId: groupeModels.idGroupeModel })
    .from(groupeModels)
    .where(eq(groupeModels.publicKey, sql.placeholder('key')))
    .limit(1)
    .prepare('collect_product_by_key'),
);

const FLAG_COLUMN: Record<CollectEventType, 'consultation' | 'iframeInteraction' | 'arTry' | 'conversion'> = {
  consultation: 'consultation',
  iframeInteraction: 'iframeInteraction',
  arTry: 'arTry',
  conversion: 'conversion',
};

const tooMany = () => new HttpError(429, 'Trop de requêtes', "Trop d'événements envoyés, réessayez plus tard.");

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('Le corps de la requête doit être un JSON valide.');
  }
}

const collectRoutes: RoutePlugin = async (app, { db, limiters }) => {
  const limiter = await createCollectLimiter(limiters);
  preloadCountries();

  app.post(
    '/api/collect',
    {
      config: { public: true },
      // A batch of 50 events is about 4 KB.
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['Visionneuse'],
        // Read by hand (parseBody): JSON, or the same JSON as text/plain from navigator.sendBeacon.
        body: z.unknown(),
        documentedBody: { schema: collectBatchSchema(0), contentTypes: ['application/json', 'text/plain'] },
        rules: [CLOCK_SKEW_MESSAGE],
        response: { 202: z.object({ accepted: z.number() }), ...problems(404, 429) },
      },
    },
    async (request, reply) => {
      if (isRobot(request.headers['user-agent'])) return reply.status(202).send({ accepted: 0 });

      const waitIp = await limiter.address(request.ip);
      if (waitIp) {
        reply.header('Retry-After', String(waitIp));
        throw tooMany();
      }

      const now = Date.now();
      const parsed = collectBatchSchema(now).safeParse(parseBody(request.body));
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
        throw badRequest(Object.values(errors)[0], { errors });
      }
      const batch = parsed.data;

      const [product] = await productByKey(db).execute({ key: batch.key });
      if (!product) throw notFound('Visionneuse introuvable');

      const waitKey = await limiter.key(batch.key, batch.events.length);
      if (waitKey) {
        reply.header('Retry-After', String(waitKey));
        throw tooMany();
      }

      const country = countryOf(request.ip);
      // One statement for the batch: the triggers number its sessions and countries and append it to the
      // product's answer in columns once.
      await db.insert(productEvents).values(
        batch.events.map((e) => ({
          produitId: product.produitId,
          timestamp: e.at ? new Date(e.at) : new Date(now),
          userSessionId: batch.sessionId,
          country,
          [FLAG_COLUMN[e.type]]: true,
        })),
      );
      return reply.status(202).send({ accepted: batch.events.length });
    },
  );
};

export default collectRoutes;
