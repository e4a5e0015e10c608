// The benchmark's synthetic companies: P products x E events each, about one session per 9 events, spread
// over two fixed years (2024-11-01 .. 2026-11-01), deterministic (integer hashing, no Math.random). One
// INSERT ... SELECT over generate_series per company: the rows never pass through JavaScript.
import { sql } from 'drizzle-orm';

import type { Db } from '../server/db/client';

export const FROM = Date.UTC(2024, 10, 1);
export const TO = Date.UTC(2026, 10, 1);
export const EVENTS_PER_SESSION = 9;

export interface CompanySize {
  products: number;
  events: number;
}

export const companyName = (s: CompanySize) => `Banc d'essai ${s.products} x ${s.events}`;

/** Creates the company, its products and their events; returns the company id and the product ids. */
export async function insertCompany(
  db: Db,
  size: CompanySize,
): Promise<{ entrepriseId: number; productIds: number[] }> {
  const ent = await db.execute(
    sql`insert into entreprises (nom_entreprise) values (${companyName(size)}) returning entreprise_id`,
  );
  const entrepriseId = Number((ent as any).rows[0].entreprise_id);
  const prods = await db.execute(sql`
    insert into groupe_models (entreprise_id, nom_groupe_model, ref_primaire)
    select ${entrepriseId}, 'Produit ' || lpad(g::text, greatest(4, length(g::text)), '0'), 'BENCH-' || g
    from generate_series(1, ${size.products}) g
    returning id_groupe_model`);
  const productIds = (prods as any).rows
    .map((r: any) => Number(r.id_groupe_model))
    .sort((a: number, b: number) => a - b);
  const sessions = Math.max(1, Math.round((size.products * size.events) / EVENTS_PER_SESSION));
  const span = (TO - FROM) / 1000;
  // h(k, salt): a 32-bit multiplicative hash of the event's global number, one salt per attribute.
  const h = (salt: number) => sql.raw(`((((k * 2654435761 + ${salt}) % 4294967296) # (k >> 7)) * 40503 % 4294967296)`);
  // One batch per 50 products keeps PGlite's memory flat.
  for (let first = 0; first < productIds.length; first += 50) {
    const ids = productIds.slice(first, first + 50);
    await db.execute(sql`
      insert into product_events (produit_id, ts, user_session_id, consultation, iframe_interaction, ar_try, conversion, country)
      select p, to_timestamp(${FROM / 1000} + (${h(11)} % ${span})),
             'sess-' || (${h(23)} % ${sessions}),
             ${h(37)} % 100 < 70, ${h(41)} % 100 < 40, ${h(53)} % 100 < 15, ${h(67)} % 100 < 3,
             (array['FR','FR','FR','FR','BE','CH','DE','US','UK','ES','IT','CA','NL','PT','JP',null])[1 + ${h(79)} % 16]
      from (select p, p::bigint * ${size.events} + e as k, e
            from unnest(${sql.raw(`array[${ids.join(',')}]::int[]`)}) p, generate_series(0, ${size.events - 1}) e) x`);
  }
  return { entrepriseId, productIds };
}
