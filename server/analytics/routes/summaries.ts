// Summaries computed in SQL: product and company totals, countries, and the user journey. Each product's
// answers are kept per version of its events (KeptAnswers): a company's totals are the sum of its products'
// kept totals, only products whose events changed being counted again, a few per query through the heavy
// lane (server/db/heavyLane.ts) so that light requests are not held behind a dashboard's summaries.
import { asc, eq, inArray, sql } from 'drizzle-orm';
import { z } from 'zod';

import { dotnetList } from '#domain/list';

import { reachableCompany } from '../../auth/access';
import type { Db } from '../../db/client';
import { heavyLane } from '../../db/heavyLane';
import { groupeModels, productEvents, productEventVersions, userJourneySteps } from '../../db/schema';
import type { RoutePlugin } from '../../deps';
import { listResponse } from '../../http/listSchema';
import { idParams } from '../../http/openapi/params';
import { problems } from '../../http/openapi/problem';
import { reachableEventsVersion } from '../eventAnswers';
import { KeptAnswers } from '../keptAnswers';

export const summarySchema = z.object({
  totalEvents: z.number(),
  totalConsultations: z.number(),
  totalIframes: z.number(),
  totalARTries: z.number(),
  totalConversions: z.number(),
});

type Totals = z.infer<typeof summarySchema>;
const NO_EVENTS: Totals = {
  totalEvents: 0,
  totalConsultations: 0,
  totalIframes: 0,
  totalARTries: 0,
  totalConversions: 0,
};

/** Products counted per query: each query stays short, so light queries pass between two of them. */
const PRODUCTS_PER_QUERY = 2;
/** Kept answers: a few numbers each; a hundred thousand products' versions. */
const KEPT_TOTALS = 100_000;
const KEPT_PER_PRODUCT = 20_000;

// The flags column (consultation 1 | iframe 2 | AR 4 | conversion 8) is in the covering index of
// (produit, ts, id): counting reads the index, not the table.
const countFlag = (bit: number) =>
  sql<number>`count(*) filter (where ${productEvents.flags} & ${sql.raw(String(bit))} <> 0)::int`;

/** The totals of each of these products, by product id (a product without events is absent). */
async function countByProduct(db: Db, ids: number[]): Promise<Map<number, Totals>> {
  const rows = await db
    .select({
      id: productEvents.produitId,
      totalEvents: sql<number>`count(*)::int`,
      totalConsultations: countFlag(1),
      totalIframes: countFlag(2),
      totalARTries: countFlag(4),
      totalConversions: countFlag(8),
    })
    .from(productEvents)
    .where(inArray(productEvents.produitId, ids))
    .groupBy(productEvents.produitId);
  return new Map(
    rows.map(({ id, ...t }) => [
      id,
      {
        totalEvents: Number(t.totalEvents),
        totalConsultations: Number(t.totalConsultations),
        totalIframes: Number(t.totalIframes),
        totalARTries: Number(t.totalARTries),
        totalConversions: Number(t.totalConversions),
      },
    ]),
  );
}

const sum = (all: Totals[]): Totals =>
  all.reduce(
    (a, t) => ({
      totalEvents: a.totalEvents + t.totalEvents,
      totalConsultations: a.totalConsultations + t.totalConsultations,
      totalIframes: a.totalIframes + t.totalIframes,
      totalARTries: a.totalARTries + t.totalARTries,
      totalConversions: a.totalConversions + t.totalConversions,
    }),
    NO_EVENTS,
  );

/** "p12-v345": a product's events version, the key of its kept answers (never sent: ./tags.ts). */
const versionKey = (productId: number, version: number | string | null) => `p${productId}-v${version ?? 0}`;

const geoSchema = z.object({ byCountry: z.array(z.object({ country: z.string(), count: z.number() })) });
const journeySchema = listResponse(z.object({ stepName: z.string(), count: z.number() }));

const summariesRoutes: RoutePlugin = async (app, { db }) => {
  // One set per app (so per database): versions are only unique within one database.
  const lane = heavyLane(db);
  const totals = new KeptAnswers<Totals>(KEPT_TOTALS);
  const countries = new KeptAnswers<z.infer<typeof geoSchema>>(KEPT_PER_PRODUCT);
  const journeys = new KeptAnswers<Record<string, number>>(KEPT_PER_PRODUCT);

  /** Totals of these products at these versions: kept ones, ones being computed, the rest counted now. */
  async function totalsOf(products: Array<{ id: number; version: number | null }>): Promise<Totals[]> {
    const out: Totals[] = new Array<Totals>(products.length).fill(NO_EVENTS);
    const waits: Array<Promise<void>> = [];
    const missing: Array<{ id: number; key: string; index: number }> = [];
    products.forEach(({ id, version }, index) => {
      if (version === null) return; // never had an event
      const key = versionKey(id, version);
      const kept = totals.get(key) ?? totals.computing(key);
      if (kept instanceof Promise) waits.push(kept.then((t) => void (out[index] = t)));
      else if (kept) out[index] = kept;
      else missing.push({ id, key, index });
    });
    for (let i = 0; i < missing.length; i += PRODUCTS_PER_QUERY) {
      const batch = missing.slice(i, i + PRODUCTS_PER_QUERY);
      const counted = lane(() =>
        countByProduct(
          db,
          batch.map((p) => p.id),
        ),
      );
      for (const p of batch) {
        const one = counted.then((m) => m.get(p.id) ?? NO_EVENTS);
        totals.track(p.key, one);
        waits.push(one.then((t) => void (out[p.index] = t)));
      }
    }
    await Promise.all(waits);
    return out;
  }

  app.get(
    '/api/ProductStatistics/Product/:productId/summary',
    {
      config: { heavy: true },
      schema: {
        tags: ['Analytique'],
        params: idParams('productId'),
        response: { 200: summarySchema, ...problems(404) },
      },
    },
    async (request) => {
      const { productId, version } = await reachableEventsVersion(db, request.user, request.params.productId);
      return totals.getOrCompute(versionKey(productId, version), () =>
        lane(() => countByProduct(db, [productId])).then((m) => m.get(productId) ?? NO_EVENTS),
      );
    },
  );

  app.get(
    '/api/ProductStatistics/Entreprise/:companyId/summary',
    {
      config: { heavy: true },
      schema: {
        tags: ['Analytique'],
        params: idParams('companyId'),
        response: { 200: summarySchema, ...problems(404) },
      },
    },
    async (request) => {
      const id = await reachableCompany(db, request.user, request.params.companyId);
      // The company's products with their events versions: a few hundred rows read by key, still enough
      // that twenty of them at once would hold light queries: in the lane too.
      const products = await lane(() =>
        db
          .select({ id: groupeModels.idGroupeModel, version: productEventVersions.version })
          .from(groupeModels)
          .leftJoin(productEventVersions, eq(productEventVersions.produitId, groupeModels.idGroupeModel))
          .where(eq(groupeModels.entrepriseId, id)),
      );
      return sum(await totalsOf(products));
    },
  );

  app.get(
    '/api/ProductStatistics/geo/Product/:productId',
    {
      config: { heavy: true },
      schema: { tags: ['Analytique'], params: idParams('productId'), response: { 200: geoSchema, ...problems(404) } },
    },
    async (request) => {
      const { productId: id, version } = await reachableEventsVersion(db, request.user, request.params.productId);
      return countries.getOrCompute(versionKey(id, version), async () => {
        const country = sql<string>`coalesce(${productEvents.country}, 'Unknown')`;
        const rows = await lane(() =>
          db
            .select({ country, count: sql<number>`count(*)::int` })
            .from(productEvents)
            .where(eq(productEvents.produitId, id))
            .groupBy(country)
            .orderBy(sql`count(*) desc`, asc(country)),
        );
        return { byCountry: rows.map((r) => ({ country: r.country, count: Number(r.count) })) };
      });
    },
  );

  // Four steps, each with the number of distinct sessions whose events carry its flag.
  app.get(
    '/api/UserJourney/Product/:productId/summary',
    {
      config: { heavy: true },
      schema: {
        tags: ['Analytique'],
        params: idParams('productId'),
        response: { 200: journeySchema, ...problems(404) },
      },
    },
    async (request) => {
      const { productId: id, version } = await reachableEventsVersion(db, request.user, request.params.productId);
      const steps = await db.select().from(userJourneySteps).orderBy(asc(userJourneySteps.stepOrder));
      const counts = await journeys.getOrCompute(versionKey(id, version), async () => {
        const [row] = await lane(() =>
          db
            .select({
              consultation: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.consultation})::int`,
              iframe_interaction: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.iframeInteraction})::int`,
              ar_try: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.arTry})::int`,
              conversion: sql<number>`count(distinct ${productEvents.userSessionId}) filter (where ${productEvents.conversion})::int`,
            })
            .from(productEvents)
            .where(eq(productEvents.produitId, id)),
        );
        return Object.fromEntries(Object.entries(row).map(([k, v]) => [k, Number(v)]));
      });
      return dotnetList(steps.map((s) => ({ stepName: s.stepName, count: Number(counts[s.eventFlag] ?? 0) })));
    },
  );
};

export default summariesRoutes;
