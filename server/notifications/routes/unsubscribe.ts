// The unsubscribe link of every mail, without signing in (the token is signed: ../unsubscribeTokens.ts):
// - GET /api/Notifications/unsubscribe/{token}: turns the subscription off, answers a French page;
// - POST the same URL: RFC 8058's one-click (List-Unsubscribe-Post), sent by the mail client itself.
// A token this server did not sign answers 400 (a page to a browser's GET, the JSON error otherwise).
import { z } from 'zod';

import { sendPublicPage, wantsHtml } from '../../customers/publicPage';
import type { RoutePlugin } from '../../deps';
import { badRequest } from '../../http/errors';
import { problemsOrPage } from '../../http/openapi/problem';
import { unsubscribe } from '../subscriptions';
import { INVALID_LINK_TEXT, invalidUnsubscribePage, unsubscribedPage } from '../unsubscribePage';

const tags = ['Notifications'];
const params = z.object({ token: z.string().max(100) });
const FORM = 'application/x-www-form-urlencoded';

const unsubscribeRoutes: RoutePlugin = async (app, { db, notifications }) => {
  // The one-click body (List-Unsubscribe=One-Click) says nothing the URL does not: read and ignored.
  app.addContentTypeParser(FORM, { parseAs: 'string', bodyLimit: 1024 }, (_request, _body, done) => done(null, {}));

  app.get(
    '/api/Notifications/unsubscribe/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description:
          'Lien de désinscription d’un e-mail, sans connexion : coupe le rapport hebdomadaire ou les alertes et répond une page en français ; 400 pour un lien invalide (une page pour un navigateur, Accept: text/html).',
        params,
        rules: [INVALID_LINK_TEXT],
        response: {
          200: { description: 'La page de confirmation', content: { 'text/html': { schema: z.string() } } },
          ...problemsOrPage(400),
        },
      },
    },
    async (request, reply) => {
      const claim = notifications.tokens.verify(request.params.token);
      if (!claim) {
        // A browser (the link clicked in a mail) gets a page; an API client the JSON error.
        if (!wantsHtml(request)) throw badRequest(INVALID_LINK_TEXT);
        return sendPublicPage(reply, 400, invalidUnsubscribePage());
      }
      await unsubscribe(db, claim.userId, claim.target);
      return sendPublicPage(reply, 200, unsubscribedPage(claim.target));
    },
  );

  app.post(
    '/api/Notifications/unsubscribe/:token',
    {
      config: { public: true },
      schema: {
        tags,
        description: 'Désinscription en un clic (RFC 8058, en-tête List-Unsubscribe-Post), sans connexion.',
        params,
        rules: [INVALID_LINK_TEXT],
        documentedBody: { schema: z.object({ 'List-Unsubscribe': z.string().optional() }), contentTypes: [FORM] },
        response: { 200: z.object({ unsubscribed: z.literal(true) }) },
      },
    },
    async (request) => {
      const claim = notifications.tokens.verify(request.params.token);
      if (!claim) throw badRequest(INVALID_LINK_TEXT);
      await unsubscribe(db, claim.userId, claim.target);
      return { unsubscribed: true as const };
    },
  );
};

export default unsubscribeRoutes;
