// Which company a changed row belongs to, through its own columns or its parent's: a request of company A
// must never insert, change or delete a row of company B.
import { sql } from 'drizzle-orm';

import type { Db } from '../../../server/db/client';
import { type Change, rowsOf } from './snapshot';

async function one(db: Db, query: string): Promise<number | null> {
  const rows = rowsOf(await db.execute(sql.raw(query)));
  return rows[0] ? Number(rows[0].e) : null;
}

export async function companyOf(db: Db, change: Change): Promise<number | null> {
  const r = change.row;
  const num = (k: string) => (typeof r[k] === 'number' ? r[k] : null);
  if (num('entreprise_id') !== null) return num('entreprise_id');
  if (num('user_id') !== null) return one(db, `select entreprise_id as e from users where user_id = ${num('user_id')}`);
  if (num('customer_id') !== null)
    return one(db, `select entreprise_id as e from customers where customer_id = ${num('customer_id')}`);
  if (num('proposition_id') !== null)
    return one(
      db,
      `select c.entreprise_id as e from propositions p join customers c using (customer_id) where p.proposition_id = ${num('proposition_id')}`,
    );
  const groupe = num('id_groupe_model') ?? num('produit_id');
  if (groupe !== null) return one(db, `select entreprise_id as e from groupe_models where id_groupe_model = ${groupe}`);
  return null;
}

/** The changes that touch another company than `entrepriseId`. */
export async function foreignChanges(db: Db, changes: Change[], entrepriseId: number): Promise<Change[]> {
  const out: Change[] = [];
  for (const c of changes) {
    const company = await companyOf(db, c);
    if (company !== null && company !== entrepriseId) out.push(c);
  }
  return out;
}
