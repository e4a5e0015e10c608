// GET/POST /api/Categorie and DELETE /api/Categorie/{id} (with every sub-category, in one transaction).
// Reading is everyone's; creating and deleting is the catalogue's structure (docs/permissions.md).
import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';

import { categoryCreateSchema, categorySchema } from '#domain/category';
import { dotnetList } from '#domain/list';

import { actingCompany, reachesCompany, requirePermission } from '../../auth/access';
import type { Db } from '../../db/client';
import { categories } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { notFound } from '../../http/errors';
import { listResponse } from '../../http/listSchema';
import { idParams, noContent } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { companyQuery } from '../scope';

const parent = alias(categories, 'parent');

async function listCategories(db: Db, entrepriseId: number, id?: number) {
  return db
    .select({
      id: categories.id,
      nomCategorie: categories.nomCategorie,
      nomCategorieMere: parent.nomCategorie,
      idCategorieMere: categories.idCategorieMere,
    })
    .from(categories)
    .leftJoin(parent, eq(parent.id, categories.idCategorieMere))
    .where(
      id === undefined
        ? eq(categories.entrepriseId, entrepriseId)
        : and(eq(categories.entrepriseId, entrepriseId), eq(categories.id, id)),
    )
    .orderBy(asc(categories.id));
}

const categoryRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/Categorie',
    {
      schema: {
        tags: ['Catalogue'],
        querystring: companyQuery,
        response: { 200: listResponse(categorySchema), ...problems(404) },
      },
    },
    async (request) =>
      dotnetList(await listCategories(db, await actingCompany(db, request.user, request.query.entrepriseId))),
  );

  app.post(
    '/api/Categorie',
    {
      preHandler: requirePermission('catalogue.structure'),
      schema: { tags: ['Catalogue'], body: categoryCreateSchema, response: { 201: categorySchema, ...problems(404) } },
    },
    async (request, reply) => {
      const body = request.body;
      const entrepriseId = await actingCompany(db, request.user, body.EntrepriseId);
      const parentId = body.Id_categorie_mere ?? null;
      if (parentId !== null) {
        const [p] = await db
          .select({ id: categories.id })
          .from(categories)
          .where(and(eq(categories.id, parentId), eq(categories.entrepriseId, entrepriseId)));
        if (!p) throw notFound('Catégorie mère introuvable');
      }
      const [row] = await db
        .insert(categories)
        .values({ entrepriseId, nomCategorie: body.Nom_categorie, idCategorieMere: parentId })
        .returning({ id: categories.id });
      const [created] = await listCategories(db, entrepriseId, row.id);
      return reply.status(201).send(created);
    },
  );

  app.delete(
    '/api/Categorie/:id',
    {
      preHandler: requirePermission('catalogue.structure'),
      schema: { tags: ['Catalogue'], params: idParams('id'), response: { 204: noContent, ...problems(404) } },
    },
    async (request, reply) => {
      const id = request.params.id;
      const [cat] = await db.select().from(categories).where(eq(categories.id, id));
      if (!cat || !reachesCompany(request.user, cat.entrepriseId)) throw notFound('Catégorie introuvable');
      const removed = await db.transaction(async (tx) => {
        // The category and all its descendants; products keep existing, without a category.
        const result = await tx.execute<{ id: number }>(sql`
          with recursive tree(id) as (
            select ${categories.id} from ${categories} where ${categories.id} = ${id}
            union all
            select c.id from ${categories} c join tree on c.id_categorie_mere = tree.id
          ) select id from tree`);
        const rows = (Array.isArray(result) ? result : (result as { rows: { id: number }[] }).rows) as { id: number }[];
        const ids = rows.map((r) => Number(r.id));
        await tx.delete(categories).where(inArray(categories.id, ids));
        return ids.length;
      });
      request.log.info({ event: 'catalogue.category.deleted', id, removed });
      return reply.status(204).send();
    },
  );
};

export default categoryRoutes;
