// The dashboard's alert banner (domain/dashboardAlerts.ts): every role of a company reads the alerts raised
// for its products and marks them read for himself; another company's answer 404 like an unknown one.
import { ALERT_READ_MESSAGES, alertReadSchema, dashboardAlertsSchema } from '#domain/dashboardAlerts';

import { reachableCompany, reachesCompany } from '../../auth/access';
import type { RoutePlugin } from '../../deps';
import { notFound } from '../../http/errors';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { alertCompany, markRead, unreadAlerts } from '../dashboardAlerts';

const tags = ['Notifications'];

const alertRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Notifications/alerts/Entreprise/:id',
    {
      schema: {
        tags,
        description: 'Les alertes des produits de l’entreprise que l’utilisateur connecté n’a pas encore lues.',
        params: idParams('id'),
        response: { 200: dashboardAlertsSchema, ...problems(404) },
      },
    },
    async (request) => {
      const entrepriseId = await reachableCompany(db, request.user, request.params.id);
      return { alerts: await unreadAlerts(db, request.user.userId, entrepriseId) };
    },
  );

  app.post(
    '/api/Notifications/alerts/read',
    {
      schema: {
        tags,
        description: 'Marque une alerte comme lue pour l’utilisateur connecté : elle quitte son bandeau.',
        body: alertReadSchema,
        // What JSON Schema cannot say: a day that exists.
        rules: [ALERT_READ_MESSAGES.day],
        response: { 204: noContent, ...problems(404) },
      },
    },
    async (request, reply) => {
      const company = await alertCompany(db, request.body);
      if (company === null || !reachesCompany(request.user, company)) throw notFound(ALERT_READ_MESSAGES.unknown);
      await markRead(db, request.user.userId, request.body);
      return reply.status(204).send();
    },
  );
};

export default alertRoutes;
