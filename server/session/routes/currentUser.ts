// GET /api/User/current.
import { currentUserSchema } from '#domain/user';

import type { RoutePlugin } from '../../deps';

const currentUserRoutes: RoutePlugin = async (app) => {
  app.get(
    '/api/User/current',
    { schema: { tags: ['User'], response: { 200: currentUserSchema } } },
    async (request) => {
      const u = request.user;
      return {
        id: u.userId,
        role: u.role,
        nomRole: u.role,
        prenom: u.prenom,
        nom: u.nom,
        mail: u.mail,
        entrepriseId: u.entrepriseId,
        entreprise: { entrepriseId: u.entrepriseId, nomEntreprise: u.nomEntreprise },
      };
    },
  );
};

export default currentUserRoutes;
