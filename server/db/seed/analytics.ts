// The demo data (docs/product.md): analytics companies, products (catalogue product groups) and their 3D/AR events.
// Deterministic: every random draw is a slice of md5(product, day, slot), so two runs give the same data.
// Events are generated and inserted by one SQL statement per company (generate_series), which keeps
// `npm start` on an empty database fast.
import { eq, sql } from 'drizzle-orm';

import type { Db } from '../client';
import { entreprises, groupeModels, licences, typeLicences, users } from '../schema';
import type { DemoAccounts } from './accounts';
import { seedVisits } from './visits';

const DAY = 86_400_000;
export const EVENTS_FROM = '2024-01-01';

const LIGHTS = ['Lampe', 'Suspension', 'Applique', 'Lampadaire', 'Plafonnier'];
const LIGHT_STYLES = [
  'Opaline',
  'Laiton brossé',
  'Nordique',
  'Art déco',
  'Céramique',
  'Rotin',
  'Verre soufflé',
  'Industrielle',
];
const FURNITURE = [
  'Canapé',
  'Fauteuil',
  'Table',
  'Chaise',
  'Buffet',
  'Bibliothèque',
  'Lit',
  'Commode',
  'Bureau',
  'Console',
  'Banc',
];
const FURNITURE_STYLES = [
  'Oslo',
  'Milano',
  'Lisboa',
  'Bergen',
  'Valence',
  'Sienne',
  'Gand',
  'Porto',
  'Lyon',
  'Bâle',
  'Uppsala',
  'Riga',
  'Vienne',
  'Séville',
  'Cork',
  'Delft',
  'Annecy',
  'Turin',
  'Malmö',
  'Bruges',
];
const ATELIER = ['Table de ferme en chêne', 'Banc en noyer', 'Étagère en frêne', 'Tabouret en hêtre'];
const GALERIE = ['Miroir Horizon', 'Vase Horizon', 'Tapis Horizon'];

/** Deterministic weight in [lo, hi) for the i-th product (a simple LCG: no Math.random). */
const weight = (i: number, lo: number, hi: number) => lo + ((((i * 2654435761) >>> 0) % 1000) / 1000) * (hi - lo);

export async function seedAnalytics(db: Db, demo: DemoAccounts, now: Date, scale: 'full' | 'small'): Promise<void> {
  const [grand, galerie] = await db
    .insert(entreprises)
    .values([
      {
        nomEntreprise: 'Grand Mobilier Europe',
        adresse: '40 avenue de Flandre, 59000 Lille',
        telephone: '0320000000',
        siret: '81234567800019',
      },
      {
        nomEntreprise: 'Galerie Horizon',
        adresse: '5 place du Marché, 33000 Bordeaux',
        telephone: '0556000000',
        siret: '82345678900011',
      },
    ])
    .returning();
  await seedDirector(db, demo, grand.entrepriseId, now);

  await db.insert(groupeModels).values([
    ...ATELIER.map((nom, i) => ({
      entrepriseId: demo.entreprise.atelier,
      nomGroupeModel: nom,
      refPrimaire: `ABD-${100 + i}`,
    })),
    ...LIGHTS.flatMap((l) => LIGHT_STYLES.map((s) => `${l} ${s}`))
      .slice(0, 36)
      .map((nom, i) => ({ entrepriseId: demo.entreprise.maison, nomGroupeModel: nom, refPrimaire: `ML-${1000 + i}` })),
    ...FURNITURE.flatMap((f) => FURNITURE_STYLES.map((s) => `${f} ${s}`)).map((nom, i) => ({
      entrepriseId: grand.entrepriseId,
      nomGroupeModel: nom,
      refPrimaire: `GME-${2000 + i}`,
    })),
    // Products but no events: the dashboard's empty messages.
    ...GALERIE.map((nom, i) => ({
      entrepriseId: galerie.entrepriseId,
      nomGroupeModel: nom,
      refPrimaire: `GH-${i + 1}`,
    })),
  ]);

  // The months of the events as partitions of their own (migration 0012), not the DEFAULT one; those older
  // than the retention go at the first purge (server/analytics/retention.ts).
  await db.execute(sql`select create_product_event_partitions(${EVENTS_FROM}::date, ${now.toISOString()}::date)`);

  const factor = scale === 'full' ? 1 : 0.06;
  // Daily visits per product: lighting sells on a smaller catalogue with more traffic per product.
  const ranges: Record<number, [number, number]> = {
    [demo.entreprise.atelier]: [0.5, 1.5],
    [demo.entreprise.maison]: [0.8, 3],
    [grand.entrepriseId]: [0.1, 0.8],
  };
  for (const [ent, [lo, hi]] of Object.entries(ranges)) {
    const products = await db
      .select({ id: groupeModels.idGroupeModel })
      .from(groupeModels)
      .where(eq(groupeModels.entrepriseId, Number(ent)));
    const ids = products.map((p) => p.id);
    const weights = ids.map((_, i) => weight(i + 1, lo, hi) * factor);
    await insertEvents(db, Number(ent), ids, weights, now);
  }
  // The visits' signals, drawn for the events just written (./visits.ts).
  await seedVisits(db, now);
}

async function seedDirector(db: Db, demo: DemoAccounts, entrepriseId: number, now: Date) {
  const [{ hash }] = await db
    .select({ hash: users.passwordHash })
    .from(users)
    .where(eq(users.userId, demo.user.directeur));
  const [user] = await db
    .insert(users)
    .values({
      entrepriseId,
      roleId: demo.roleId.Directeur,
      nom: 'Van Damme',
      prenom: 'Sophie',
      mail: 'directeur@grand-mobilier.fr',
      mobile: '0612000099',
      fonction: 'Directrice e-commerce',
      passwordHash: hash,
      createdAt: new Date(now.getTime() - 300 * DAY),
    })
    .returning();
  const [premium] = await db.select().from(typeLicences).where(eq(typeLicences.type, 'Premium'));
  await db.insert(licences).values({
    userId: user.userId,
    typeLicenceId: premium.typeLicenceId,
    licenceKey: `V3D-GRANDMOBILIER-${String(user.userId).padStart(4, '0')}`,
    dateActivation: new Date(now.getTime() - 300 * DAY),
    dateExpiration: new Date(now.getTime() + 365 * DAY),
  });
}

/**
 * Events of one company's products from 2024-01-01 to now, never after it: today's events are those of the
 * hours already past (filtering on the day alone dated the rest of today, 07:00–22:00 UTC, in the future). Each product draws candidate events on uniform
 * days and keeps them with a probability following a seasonal curve (winter high, summer low), a weekly
 * one (weekend high) and a slow growth: the cost follows the number of events, not products × days.
 * Sessions are drawn from a company-wide pool, so visitors come back and see several products; a session
 * keeps its country (French-heavy mix). Funnel: consultation 92 %, 3D interaction 50 %, AR 20 %,
 * conversion 3 % (12 % after an AR try).
 */
async function insertEvents(db: Db, entrepriseId: number, ids: number[], weights: number[], now: Date) {
  if (!ids.length) return;
  const days = Math.max(1, Math.floor((now.getTime() - Date.parse(`${EVENTS_FROM}T00:00:00Z`)) / DAY) + 1);
  // Highest acceptance weight: season 1.45 × weekend 1.35 × growth 1.2.
  const maxWeight = 1.45 * 1.35 * 1.2;
  const candidates = weights.map((w) => Math.ceil((w * days * maxWeight) / 1.0));
  const expected = weights.reduce((s, w) => s + w, 0) * days;
  const pool = Math.max(20, Math.round(expected / 2.5));
  // The n-th 24-bit slice of an md5 as a number in [0, 1).
  const r = (hex: string, n: number) =>
    sql.raw(`(('x' || substr(${hex}, ${n * 6 + 1}, 6))::bit(24)::int / 16777216.0)`);
  await db.execute(sql`
    insert into product_events (produit_id, ts, user_session_id, consultation, iframe_interaction, ar_try, conversion, country)
    with p as (
      select * from unnest(${sql.raw(`ARRAY[${ids.join(',')}]::int[]`)}, ${sql.raw(`ARRAY[${candidates.join(',')}]::int[]`)}) as t(pid, n)
    ), g as (
      select p.pid, md5(p.pid || ':' || k) as h from p cross join lateral generate_series(1, p.n) as k
    ), d as (
      select g.pid, g.h, floor(${r('g.h', 0)} * ${days})::int as dn from g
    ), kept as (
      select d.pid, d.h, d.dn, (${EVENTS_FROM}::date + d.dn) as day from d
      where ${r('d.h', 1)} * ${maxWeight} <
        (array[1.2, 1.0, 1.05, 1.0, 0.95, 0.85, 0.7, 0.65, 1.0, 1.1, 1.3, 1.45])[extract(month from ${EVENTS_FROM}::date + d.dn)::int]
        * (array[1.0, 1.0, 1.05, 1.0, 0.95, 1.25, 1.35])[extract(isodow from ${EVENTS_FROM}::date + d.dn)::int]
        * (0.6 + 0.6 * d.dn / ${days}::float8)
    ), e as (
      select kept.*, floor(${r('kept.h', 2)} * ${pool})::int as sn, md5(kept.h) as f from kept
    ), c as (
      select e.*, ((e.sn * 0.6180339887) - floor(e.sn * 0.6180339887)) as cr,
             (e.day::timestamp at time zone 'UTC') + make_interval(secs => 25200 + floor(${r('e.h', 3)} * 54000)) as ts
      from e
    )
    select pid,
           ts,
           ${`s${entrepriseId}-`} || lpad(sn::text, 7, '0'),
           ${r('f', 0)} < 0.92,
           ${r('f', 1)} < 0.5,
           ${r('f', 1)} < 0.2,
           ${r('f', 2)} < case when ${r('f', 1)} < 0.2 then 0.12 else 0.03 end,
           case
             when cr < 0.55 then 'FR' when cr < 0.63 then 'BE' when cr < 0.69 then 'CH' when cr < 0.74 then 'DE'
             when cr < 0.78 then 'ES' when cr < 0.82 then 'IT' when cr < 0.86 then 'GB' when cr < 0.89 then 'US'
             when cr < 0.92 then 'CA' when cr < 0.94 then 'LU' when cr < 0.96 then 'NL' when cr < 0.97 then 'PT'
             when cr < 0.98 then 'MA' when cr < 0.99 then 'SN' else null end
    from c
    where ts <= ${now.toISOString()}::timestamptz`);
}
