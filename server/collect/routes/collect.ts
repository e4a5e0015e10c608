// POST /api/collect (public): a batch of events sent by a product's viewer (docs/viewer.md). The body is
// JSON, or the same JSON as text/plain (what navigator.sendBeacon sends without a CORS preflight).
// Order of the checks: a cross-site post, a browser sending Sec-GPC (accepted: 0), an over-limit address and a robot cost no query and no pattern
// test beyond the agent's (the address limit comes before the robot test: its cost is then bounded per
// address); the batch and its visit token are checked; an unknown key answers 404; the visit's, the
// address's and the key's limits; a valid batch's events are written in one INSERT (shared with the
// batches arriving meanwhile: eventWriter.ts) and its visit's signals in one upsert (visitWriter.ts), then
// 202. Nothing is stored on any refusal.
import { z } from 'zod';

import { CLOCK_SKEW_MESSAGE, collectBatchSchema, type CollectEventType, EMPTY_BATCH_MESSAGE } from '#domain/collect';
import { asVisitSignals, SIGNALS_RULES } from '#domain/visitSignalsSchema';

import type { RoutePlugin } from '../../deps';
import { isDatabaseUnavailable } from '../../http/errorHandler';
import { badRequest, forbidden, HttpError, notFound } from '../../http/errors';
import { problems } from '../../http/openapi/problem';
import { isRobot } from '../bots';
import { createCountryLookup } from '../country';
import { visitDevice } from '../device';
import { createEventWriter } from '../eventWriter';
import { createCollectLimiter } from '../limits';
import { createProductKeys } from '../productKeys';
import { writeVisit } from '../visitWriter';

/** The batch schema at this second: built once a second, not per request (a second is nothing beside a minute of skew). */
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

/**
 * Whether a browser says the post comes from another site. The viewer page is served by this server
 * (/viewer/{key}), so its posts are same-origin: `Sec-Fetch-Site` other than same-origin, an `Origin` of
 * another host, or `Origin: null` (a sandboxed frame, a data: page) is a page elsewhere posting. Only the
 * host is compared: behind a TLS proxy the server sees http while the page says https.
 */
function crossSite(headers: Record<string, string | string[] | undefined>, host: string): boolean {
  const site = headers['sec-fetch-site'];
  if (site !== undefined && site !== 'same-origin') return true;
  const origin = headers.origin;
  if (origin === undefined) return false;
  if (typeof origin !== 'string') return true;
  const bare = (h: string) => h.toLowerCase().replace(/:(?:80|443)$/, '');
  try {
    return bare(new URL(origin).host) !== bare(host);
  } catch {
    return true; // "null" and anything that is not an origin
  }
}

function parseBody(body: unknown): unknown {
  if (typeof body !== 'string') return body;
  try {
    return JSON.parse(body);
  } catch {
    throw badRequest('Le corps de la requête doit être un JSON valide.');
  }
}

const collectRoutes: RoutePlugin = async (app, { db, limiters, answers, visits }) => {
  const limiter = await createCollectLimiter(limiters);
  const countryOf = createCountryLookup();
  const writer = createEventWriter(db, (products) => answers.written(products));
  const products = createProductKeys(db);
  const batchSchema = schemaAt();

  app.post(
    '/api/collect',
    {
      config: { public: true },
      // A batch of 50 events is about 4 KB; the signals (48 attention pairs at most) about 1.5 KB more.
      bodyLimit: 16 * 1024,
      schema: {
        tags: ['Visionneuse'],
        // Read by hand (parseBody): JSON, or the same JSON as text/plain from navigator.sendBeacon.
        body: z.unknown(),
        documentedBody: { schema: collectBatchSchema(0), contentTypes: ['application/json', 'text/plain'] },
        rules: [CLOCK_SKEW_MESSAGE, EMPTY_BATCH_MESSAGE, ...SIGNALS_RULES],
        response: { 202: z.object({ accepted: z.number() }), ...problems(403, 404, 429) },
      },
    },
    async (request, reply) => {
      if (crossSite(request.headers, request.host))
        throw forbidden('Envoi refusé : il doit venir de la page de la visionneuse.');
      // The visitor's browser objects (Global Privacy Control, docs/privacy.md): honoured even for a page
      // older than the viewer's own check; nothing read, nothing counted, nothing stored.
      if (request.headers['sec-gpc'] === '1') return reply.status(202).send({ accepted: 0 });

      const waitIp = await limiter.address(request.ip);
      if (waitIp) {
        reply.header('Retry-After', String(waitIp));
        throw tooMany();
      }

      if (isRobot(request.headers['user-agent'])) return reply.status(202).send({ accepted: 0 });

      const now = Date.now();
      const parsed = batchSchema(now).safeParse(parseBody(request.body));
      if (!parsed.success) {
        const errors: Record<string, string> = {};
        for (const issue of parsed.error.issues) errors[issue.path.join('.') || '_'] ??= issue.message;
        throw badRequest(Object.values(errors)[0], { errors });
      }
      const batch = parsed.data;
      // The token was signed by this server for this key and this session (its times: the schema above).
      if (!visits.valid(batch.visit, batch.key, batch.sessionId))
        throw forbidden('Jeton de visite invalide : rechargez la page de la visionneuse.');

      const produitId = await products.productOf(batch.key);
      if (produitId === null) throw notFound('Visionneuse introuvable');

      // What the visit may still record: its consultation once, a few of each other type; the rest dropped.
      const counts = new Map<CollectEventType, number>();
      for (const e of batch.events) counts.set(e.type, (counts.get(e.type) ?? 0) + 1);
      const room = counts.size ? await limiter.visit(batch.visit, counts) : counts;
      const events = batch.events.filter((e) => {
        const left = room.get(e.type)!;
        room.set(e.type, left - 1);
        return left > 0;
      });
      // The visit's signals (totals, docs/viewer.md "Visit signals"), a bounded number of writes per visit.
      const signals = batch.signals && (await limiter.signals(batch.visit)) ? asVisitSignals(batch.signals) : null;
      if (!events.length && !signals) return reply.status(202).send({ accepted: 0 });

      // This address's share of the key first: over it, the key's own count is not spent. A signals write
      // costs one point, as an event does.
      const points = events.length + (signals ? 1 : 0);
      const wait = (await limiter.keyAddress(batch.key, request.ip, points)) || (await limiter.key(batch.key, points));
      if (wait) {
        reply.header('Retry-After', String(wait));
        throw tooMany();
      }

      const country = events.length ? countryOf(request.ip, request.headers['accept-language']) : null;
      // One statement for the batch, with the batches that arrive while the previous statement runs: the
      // triggers number its sessions and countries and append it to the product's answer in columns. The
      // visit's row is its own statement (one upsert); the agent is read for its device, never stored.
      try {
        await Promise.all([
          events.length
            ? writer.write(
                events.map((e) => ({
                  produitId,
                  timestamp: e.at ? new Date(e.at) : new Date(now),
                  userSessionId: batch.sessionId,
                  country,
                  [FLAG_COLUMN[e.type]]: true,
                })),
              )
            : undefined,
          signals
            ? writeVisit(db, {
                produitId,
                userSessionId: batch.sessionId,
                signals,
                device: visitDevice(request.headers['user-agent']),
                now: new Date(now),
              })
            : undefined,
        ]);
      } catch (err) {
        // Refused rows whose product was deleted since its key was read (productKeys.ts): the key names
        // nothing any more. Any other failure is the server's (or the database's: 503).
        if (isDatabaseUnavailable(err)) throw err;
        products.forget(batch.key);
        if ((await products.productOf(batch.key)) === null) throw notFound('Visionneuse introuvable');
        throw err;
      }
      return reply.status(202).send({ accepted: events.length });
    },
  );
};

export default collectRoutes;
