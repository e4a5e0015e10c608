// GET /api/User, /api/User/roles, /api/User/ByEntreprise/{entrepriseId}, /api/User/{userId}.
// (GET /api/User/current lives in server/session/routes/currentUser.ts; static segments win over {userId}.)
import { and, asc, eq } from 'drizzle-orm';
import { z } from 'zod';

import { dotnetList } from '#domain/list';
import { userSchema } from '#domain/user';

import { reachableUsersWhere, reachesCompany } from '../../auth/access';
import { entreprises, roles, users } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { notFound } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { asSeenBy, findReachableUser, selectUsers } from '../userQueries';

const roleSchema = z.object({ roleId: z.number(), nomRole: z.string() });

const usersReadRoutes: RoutePlugin = async (app, { db }) => {
  app.get('/api/User', { schema: { tags: ['User'], response: { 200: listResponse(userSchema) } } }, async (request) =>
    dotnetList((await selectUsers(db, reachableUsersWhere(request.user))).map((u) => asSeenBy(request.user, u))),
  );

  app.get('/api/User/roles', { schema: { tags: ['User'], response: { 200: listResponse(roleSchema) } } }, async () =>
    dotnetList(
      await db.select({ roleId: roles.roleId, nomRole: roles.nomRole }).from(roles).orderBy(asc(roles.roleId)),
    ),
  );

  app.get(
    '/api/User/ByEntreprise/:entrepriseId',
    {
      schema: {
        tags: ['User'],
        params: idParams('entrepriseId'),
        response: { 200: listResponse(userSchema), ...problems(404) },
      },
    },
    async (request) => {
      const { entrepriseId } = request.params;
      if (!reachesCompany(request.user, entrepriseId)) throw notFound('Entreprise introuvable');
      // An unknown company is a 404 for an Admin too, not an empty list.
      const [known] = await db
        .select({ id: entreprises.entrepriseId })
        .from(entreprises)
        .where(eq(entreprises.entrepriseId, entrepriseId));
      if (!known) throw notFound('Entreprise introuvable');
      return dotnetList(
        (await selectUsers(db, and(eq(users.entrepriseId, entrepriseId)))).map((u) => asSeenBy(request.user, u)),
      );
    },
  );

  app.get(
    '/api/User/:userId',
    { schema: { tags: ['User'], params: idParams('userId'), response: { 200: userSchema, ...problems(404) } } },
    async (request) => asSeenBy(request.user, await findReachableUser(db, request.user, request.params.userId)),
  );
};

export default usersReadRoutes;
