// POST /api/collect (public): a batch of events sent by a product's viewer (docs/viewer.md). The body is
// JSON, or the same JSON as text/plain (what navigator.sendBeacon sends without a CORS preflight).
// Order of the checks: bots and over-limit addresses cost no query; an unknown key answers 404; a valid
// batch is written in one INSERT (shared with the batches arriving meanwhile: eventWriter.ts), then 202.
// Nothing is stored on any refusal.
import { z } from 'zod';

import { CLOCK_SKEW_MESSAGE, collectBatchSchema, type CollectEventType } from '../../../src/domain/collect';
import type { RoutePlugin } from '../../deps';
import { isDatabaseUnavailable } from '../../http/errorHandler';
import { badRequest, HttpError, notFound } from '../../http/errors';
import { problems } from '../../http/openapi/problem';
import { isRobot } from './bots';
import { createCountryLookup } from './country';
import { createEventWriter } from './eventWriter';
import { createCollectLimiter } from './limits';
import { createProductKeys } from './productKeys';

/** The batch schema at this second: built once a second, not per request (a second is nothing beside 24 h). */
function schemaAt(): (now: number) => ReturnType<typeof collectBatchSchema> {
  let second = -1;
  let schema = collectBatchSchema(0);
  return (now) => {
    const s = Math.floor(now / 1000);
    if (s !== second) [second, schema] = [s, collectBatchSchema(s * 1000)];
    return schema;
  };
}

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

const collectRoutes: RoutePlugin = async (app, { db, limiters, answers }) => {
  const limiter = await createCollectLimiter(limiters);
  const countryOf = createCountryLookup();
  const writer = createEventWriter(db, (products) => answers.written(products));
  const products = createProductKeys(db);
  const batchSchema = schemaAt();

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
      const parsed = batchSchema(now).safeParse(parseBody(request.body));
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
        throw badRequest(Object.values(errors)[0], { errors });
      }
      const batch = parsed.data;

      const produitId = await products.productOf(batch.key);
      if (produitId === null) throw notFound('Visionneuse introuvable');

      const waitKey = await limiter.key(batch.key, batch.events.length);
      if (waitKey) {
        reply.header('Retry-After', String(waitKey));
        throw tooMany();
      }

      const country = countryOf(request.ip, request.headers['accept-language']);
      // One statement for the batch, with the batches that arrive while the previous statement runs: the
      // triggers number its sessions and countries and append it to the product's answer in columns.
      try {
        await writer.write(
          batch.events.map((e) => ({
            produitId,
            timestamp: e.at ? new Date(e.at) : new Date(now),
            userSessionId: batch.sessionId,
            country,
            [FLAG_COLUMN[e.type]]: true,
          })),
        );
      } catch (err) {
        // Refused rows whose product was deleted since its key was read (productKeys.ts): the key names
        // nothing any more. Any other failure is the server's (or the database's: 503).
        if (isDatabaseUnavailable(err)) throw err;
        products.forget(batch.key);
        if ((await products.productOf(batch.key)) === null) throw notFound('Visionneuse introuvable');
        throw err;
      }
      return reply.status(202).send({ accepted: batch.events.length });
    },
  );
};

export default collectRoutes;
