// Summaries computed in SQL: product and company totals, countries, and the user journey.
import { asc, eq, sql, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { dotnetList } from '../../../src/domain/list';
import { listResponse } from '../../http/listSchema';
import { groupeModels, productEvents, userJourneySteps } from '../../db/schema';
import type { Db } from '../../db/client';
import type { RoutePlugin } from '../../deps';
import { reachableEntreprise, reachableProduct } from './scope';

export const summarySchema = z.object({
  totalEvents: z.number(),
  totalConsultations: z.number(),
  totalIframes: z.number(),
  totalARTries: z.number(),
  totalConversions: z.number(),
});

const countIf = (col: SQL | AnyPgColumn) => sql<number>`count(*) filter (where ${col})::int`;

async function summary(db: Db, where: SQL) {
  const [row] = await db
    .select({
      totalEvents: sql<number>`count(*)::int`,
      totalConsultations: countIf(productEvents.consultation),
      totalIframes: countIf(productEvents.iframeInteraction),
      totalARTries: countIf(productEvents.arTry),
      totalConversions: countIf(productEvents.conversion),
    })
    .from(productEvents)
    .where(where);
  return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)])) as z.infer<typeof summarySchema>;
}

const geoSchema = z.object({ byCountry: z.array(z.object({ country: z.string(), count: z.number() })) });
const journeySchema = listResponse(z.object({ stepName: z.string(), count: z.number() }));

const summariesRoutes: RoutePlugin = async (app, { db }) => {
  app.get(
    '/api/ProductStatistics/Product/:productId/summary',
    { schema: { tags: ['Analytique'], params: z.object({ productId: z.string() }), response: { 200: summarySchema } } },
    async (request) => {
      const id = await reachableProduct(db, request.user, request.params.productId);
      return summary(db, eq(productEvents.produitId, id));
    },
  );

  app.get(
    '/api/ProductStatistics/Entreprise/:companyId/summary',
    { schema: { tags: ['Analytique'], params: z.object({ companyId: z.string() }), response: { 200: summarySchema } } },
    async (request) => {
      const id = await reachableEntreprise(db, request.user, request.params.companyId);
      const products = db.select({ id: groupeModels.idGroupeModel }).from(groupeModels).where(eq(groupeModels.entrepriseId, id));
      return summary(db, sql`${productEvents.produitId} in ${products}`);
    },
  );

  app.get(
    '/api/ProductStatistics/geo/Product/:productId',
    { schema: { tags: ['Analytique'], params: z.object({ productId: z.string() }), response: { 200: geoSchema } } },
    async (request) => {
      const id = await reachableProduct(db, request.user, request.params.productId);
      const country = sql<string>`coalesce(${productEvents.country}, 'Unknown')`;
      const rows = await db
        .select({ country, count: sql<number>`count(*)::int` })
        .from(productEvents)
        .where(eq(productEvents.produitId, id))
        .groupBy(country)
        .orderBy(sql`count(*) desc`, asc(country));
      return { byCountry: rows.map((r) => ({ country: r.country, count: Number(r.count) })) };
    },
  );

  // Four steps, each with the number of distinct sessions whose events carry its flag.
  app.get(
    '/api/UserJourney/Product/:productId/summary',
    { schema: { tags: ['Analytique'], params: z.object({ productId: z.string() }), response: { 200: journeySchema } } },
    async (request) => {
      const id = await reachableProduct(db, request.user, request.params.productId);
      const steps = await db.select().from(userJourneySteps).orderBy(asc(userJourneySteps.stepOrder));
      const [row] = await db
        .select({
          consultation: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.consultation})::int`,
          iframe_interaction: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.iframeInteraction})::int`,
          ar_try: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.arTry})::int`,
          conversion: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.conversion})::int`,
        })
        .from(productEvents)
        .where(eq(productEvents.produitId, id));
      const counts = row as Record<string, number>;
      return dotnetList(steps.map((s) => ({ stepName: s.stepName, count: Number(counts[s.eventFlag] ?? 0) })));
    },
  );
};

export default summariesRoutes;
