// A company with products and events written straight to the database, for the tests of what the database
// keeps about events (session and country numbers, versions); and a demo company as the API shows it.
import { entreprises, groupeModels } from '../../server/db/schema';
import type { TestApp } from './app';

export async function newCompany(
  t: TestApp,
  name: string,
  products: number,
): Promise<{ entrepriseId: number; productIds: number[] }> {
  const [e] = await t.database.db.insert(entreprises).values({ nomEntreprise: name }).returning();
  const rows = await t.database.db
    .insert(groupeModels)
    .values(
      Array.from({ length: products }, (_, i) => ({
        entrepriseId: e.entrepriseId,
        nomGroupeModel: `${name} ${i + 1}`,
      })),
    )
    .returning();
  return { entrepriseId: e.entrepriseId, productIds: rows.map((r) => r.idGroupeModel) };
}

/** A consultation on 1 January 2026 at 10:minute UTC. */
export const event = (produitId: number, userSessionId: string, minute = 0, country: string | null = null) => ({
  produitId,
  userSessionId,
  timestamp: new Date(Date.UTC(2026, 0, 1, 10, minute)),
  consultation: true,
  country,
});

/** A demo user's token, company and product ids, read through the API as the dashboard reads them. */
export async function signedInCompany(
  t: TestApp,
  mail: string,
): Promise<{ token: string; companyId: number; productIds: number[] }> {
  const token = await t.login(mail);
  const companyId: number = (await t.call('GET', '/api/User/current', token)).json().entrepriseId;
  const productIds: number[] = (await t.call('GET', `/api/Produit/Entreprise/${companyId}`, token))
    .json()
    .$values.map((p: { produitId: number }) => p.produitId);
  return { token, companyId, productIds };
}
