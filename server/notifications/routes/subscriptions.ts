// GET and PUT /api/Notifications/subscriptions: the signed-in user's own subscriptions (every role; one's
// own only, so nothing to reach), and whether this server sends mail at all.
import { subscriptionsInputSchema, subscriptionsSchema } from '#domain/notifications';

import type { RoutePlugin } from '../../deps';
import { readSubscriptions, writeSubscriptions } from '../subscriptions';

const tags = ['Notifications'];

const subscriptionRoutes: RoutePlugin = async (app, { db, notifications }) => {
  const answer = async (userId: number, mail: string) => ({
    ...(await readSubscriptions(db, userId)),
    mail,
    sendingEnabled: notifications.sendingEnabled,
  });

  app.get(
    '/api/Notifications/subscriptions',
    {
      schema: {
        tags,
        description: 'Les notifications par e-mail de l’utilisateur connecté : rapport hebdomadaire, alertes.',
        response: { 200: subscriptionsSchema },
      },
    },
    async (request) => answer(request.user.userId, request.user.mail),
  );

  app.put(
    '/api/Notifications/subscriptions',
    {
      schema: {
        tags,
        description: 'Active ou coupe le rapport hebdomadaire et les alertes de l’utilisateur connecté.',
        body: subscriptionsInputSchema,
        response: { 200: subscriptionsSchema },
      },
    },
    async (request) => {
      await writeSubscriptions(db, request.user.userId, request.body);
      return answer(request.user.userId, request.user.mail);
    },
  );
};

export default subscriptionRoutes;
