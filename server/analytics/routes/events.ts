// GET /api/ProductStatistics/Product/{productId}: the product's raw events, with a cheap ETag (the version
// the database keeps per product, read by key) and 304 on If-None-Match; built answers are kept as
// compressed bytes (AnswerCache), and our worker's in the database too (../storedAnswers.ts). The bodies: ../eventAnswers.ts.
import { z } from 'zod';

import { COLUMNS_MEDIA_TYPE } from '#domain/analytics/binaryColumns';

import type { RoutePlugin } from '../../deps';
import { encode, preferredEncoding } from '../../http/encoding';
import { listResponse } from '../../http/listSchema';
import { idParams, notModified } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { AnswerCache } from '../answerCache';
import {
  acceptsBinaryColumns,
  binaryBody,
  columnsBody,
  columnsSchema,
  eventSchema,
  listBody,
  matches,
  reachableEventsTag,
} from '../eventAnswers';
import { eventTagger } from '../tags';

/** 64 MB of answers as sent: compressed, the columns of thousands of products of 3,000 events. */
const ANSWER_CACHE_BYTES = 64 * 1024 * 1024;

const eventsRoutes: RoutePlugin = async (app, { db, answers: stored, secretFor }) => {
  const eventTags = eventTagger(secretFor('event-tags'));
  // One per app (so per database): tags are only unique within one database.
  const answers = new AnswerCache(ANSWER_CACHE_BYTES);
  app.get(
    '/api/ProductStatistics/Product/:productId',
    {
      schema: {
        tags: ['Analytique'],
        params: idParams('productId'),
        // format=columns: the compact answer our worker asks for (see columnsBody); the default stays the
        // contract's list of events (docs/api.md) for every other client.
        querystring: z.object({ format: z.enum(['columns']).optional() }),
        response: {
          // JSON by default; the binary columns when `format=columns` and Accept names them (binaryColumns.ts).
          200: {
            description: 'Les événements du produit',
            content: {
              'application/json': { schema: z.union([listResponse(eventSchema), columnsSchema]) },
              [COLUMNS_MEDIA_TYPE]: { schema: z.string().meta({ format: 'binary' }) },
            },
          },
          304: notModified,
          ...problems(404),
        },
      },
    },
    async (request, reply) => {
      const { productId, entrepriseId, version, tags } = await reachableEventsTag(
        db,
        request.user,
        request.params.productId,
        eventTags,
      );
      const columns = request.query.format === 'columns';
      const binary = columns && acceptsBinaryColumns(request.headers.accept);
      // Each representation has its own tag, so a list's tag never validates a columns answer.
      const tag = binary ? tags.binaryEtag : columns ? tags.columnsEtag : tags.etag;
      reply.header('ETag', tag);
      if (columns) reply.header('Vary', 'Accept, Accept-Encoding');
      if (matches(request.headers['if-none-match'], tag)) return reply.code(304).send(undefined);
      // Stored ready to send: built once per version and representation, compressed once per encoding.
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      const key = `${tag} ${encoding}`;
      let bytes = answers.get(key);
      // Our worker's answer (binary, gzip) is also stored in the database for its version (storedAnswers.ts).
      const storable = binary && encoding === 'gzip' && version !== null;
      if (bytes === undefined && storable) {
        bytes = (await stored.read(productId, version)) ?? undefined;
        if (bytes) answers.set(key, bytes);
      }
      if (bytes === undefined) {
        const body = binary
          ? await binaryBody(db, productId, entrepriseId)
          : Buffer.from(columns ? await columnsBody(db, productId, entrepriseId) : await listBody(db, productId));
        bytes = await encode(body, encoding);
        answers.set(key, bytes);
        if (storable) stored.keep(productId, version, bytes);
      }
      reply.type(binary ? COLUMNS_MEDIA_TYPE : 'application/json; charset=utf-8');
      if (!columns) reply.header('Vary', 'Accept-Encoding');
      if (encoding !== 'identity') reply.header('Content-Encoding', encoding);
      // Bytes of the exact shape already: sent without the (zod) serializer.
      return reply.send(bytes as never);
    },
  );
};

export default eventsRoutes;
