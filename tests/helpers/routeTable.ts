// Every route of the route table (src/app/pageTitles.ts) with its parameters filled from demo data, and
// the session tokens of the accounts that visit them.
import { PAGE_TITLES } from '../../src/app/pageTitles';
import { DEMO_PASSWORD } from './e2e';

export async function tokenOf(baseUrl: string, mail: string): Promise<string> {
  const res = await fetch(`${baseUrl}/api/Auth/backoffice/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ mail, password: DEMO_PASSWORD }),
  });
  if (res.status !== 200) throw new Error(`connexion de ${mail} refusée (${res.status})`);
  return ((await res.json()) as { token: string }).token;
}

async function getJson<T>(baseUrl: string, path: string, token: string): Promise<T> {
  const res = await fetch(`${baseUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return (await res.json()) as T;
}

/** The paths of the route table, parameters filled with a customer, a proposition and the user of the Vendeur. */
export async function routePaths(baseUrl: string, vendeurToken: string): Promise<string[]> {
  const answer = await getJson<unknown>(baseUrl, '/api/Customers/forCurrentUser', vendeurToken);
  const customers = (Array.isArray(answer) ? answer : ((answer as { $values?: unknown[] }).$values ?? [])) as Array<{
    customerId: number;
    propositionCount?: number;
  }>;
  const me = await getJson<{ id: number }>(baseUrl, '/api/User/current', vendeurToken);
  // A customer with propositions (its page shows them); the demo's first proposition is the Vendeur's.
  const customerId = String((customers.find((c) => (c.propositionCount ?? 0) > 0) ?? customers[0])?.customerId ?? 1);
  return Object.keys(PAGE_TITLES).map((route) =>
    route
      .replace(':id', route.startsWith('/proposition') ? '1' : customerId)
      .replace(':userId', String(me.id))
      .replace('${entrepriseId}', '%24%7BentrepriseId%7D'),
  );
}
