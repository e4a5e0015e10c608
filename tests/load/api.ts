// The back-office's load (npm run load, npm run scale): simulated users signing in once, then looping over
// a realistic mix: current user, customer list, companies, products and the company summary of the
// dashboard, a customer created, edited and read back. Every answer is told to `observe` with the method
// really sent, so a caller can tell idempotent requests from the others (tests/load/scale.ts).
import autocannon, { type Request } from 'autocannon';

export const PASSWORD = 'Demo!2026pass';
export const ACCOUNTS = [
  'directeur@demo.fr',
  'manager@demo.fr',
  'vendeur@demo.fr',
  'vendeur2@demo.fr',
  'vendeur@atelier-bois.fr',
  'directeur@atelier-bois.fr',
];

interface Context {
  token?: string;
  mail?: string;
  entrepriseId?: number;
  customerId?: number;
  n?: number;
  /** The method and path of the request in flight on this connection (one at a time). */
  sent?: string;
  sentPath?: string;
}

export interface ApiLoadResult {
  result: autocannon.Result;
  /** Acknowledged creations (201): customer id -> the mail sent. */
  created: Map<number, string>;
}

export async function loadApi(opts: {
  label: string;
  base: string;
  seconds: number;
  users: number;
  /** Every answer, with the method sent; a connection error or timeout has no status and is not told. */
  observe?: (method: string, status: number, path: string) => void;
}): Promise<ApiLoadResult> {
  const { label, base } = opts;
  const created = new Map<number, string>();
  let connection = 0;
  let seq = 0;
  const json = () => ({ 'content-type': 'application/json' });
  const auth = (c: Context) => ({ authorization: `Bearer ${c.token}` });
  const signIn = (req: Request, c: Context): Request => ({
    ...req,
    method: 'POST',
    path: '/api/Auth/backoffice/login',
    headers: json(),
    body: JSON.stringify({ mail: c.mail, password: PASSWORD }),
  });

  const currentUser = (req: Request, c: Context): Request => ({
    ...req,
    method: 'GET',
    path: '/api/User/current',
    headers: auth(c),
    body: undefined,
  });

  /**
   * One step of the loop. Without a session (its sign-in failed, e.g. sent to an instance that died) the
   * step signs in instead; without the user's company yet, it reads the current user (which gives it);
   * without a created customer yet, the customer steps read the current user too.
   */
  const step = (
    method: string,
    build: (req: Request, c: Context) => Request,
    onOk?: (status: number, body: string, c: Context) => void,
    needs: { customer?: boolean; company?: boolean } = {},
  ): Request => ({
    method: method as Request['method'],
    path: '/',
    setupRequest: (req, c: Context) => {
      c.mail ??= ACCOUNTS[connection++ % ACCOUNTS.length];
      let out: Request;
      if (!c.token) out = signIn(req, c);
      else if (needs.company && c.entrepriseId === undefined) out = currentUser(req, c);
      else if (needs.customer && c.customerId === undefined) out = currentUser(req, c);
      else out = build({ ...req, method: method as Request['method'] }, c);
      c.sent = out.method ?? method;
      c.sentPath = out.path ?? req.path;
      return out;
    },
    onResponse: (status, body, c: Context) => {
      opts.observe?.(c.sent ?? method, status, c.sentPath ?? '');
      if (c.sentPath === '/api/Auth/backoffice/login') {
        if (status === 200) c.token = JSON.parse(body).token;
        return;
      }
      if (c.sentPath === '/api/User/current') {
        if (status === 200) c.entrepriseId = JSON.parse(body).entrepriseId;
        return;
      }
      onOk?.(status, body, c);
    },
  });

  const requests: Request[] = [
    // Signs in once per user (the fallback of every step); afterwards the current-user call of a page load.
    step('GET', (req, c) => ({ ...req, path: '/api/User/current', headers: auth(c) })),
    step('GET', (req, c) => ({ ...req, path: '/api/User/current', headers: auth(c) })),
    step('GET', (req, c) => ({ ...req, path: '/api/Customers/forCurrentUser', headers: auth(c) })),
    step('GET', (req, c) => ({ ...req, path: '/api/Entreprise', headers: auth(c) })),
    step(
      'GET',
      (req, c) => ({ ...req, path: `/api/Produit/Entreprise/${c.entrepriseId}`, headers: auth(c) }),
      undefined,
      { company: true },
    ),
    step(
      'GET',
      (req, c) => ({ ...req, path: `/api/ProductStatistics/Entreprise/${c.entrepriseId}/summary`, headers: auth(c) }),
      undefined,
      { company: true },
    ),
    step(
      'POST',
      (req, c) => {
        c.n = ++seq;
        const body = {
          nom: 'Charge',
          prenom: 'Client',
          mail: `charge${c.n}@${label.toLowerCase()}.test`,
          mobile: '0612345678',
          compagny: 'SARL Charge',
        };
        return {
          ...req,
          path: '/api/Customers/NewCustomer',
          headers: { ...json(), ...auth(c) },
          body: JSON.stringify(body),
        };
      },
      (status, body, c) => {
        if (status !== 201) return;
        const customer = JSON.parse(body);
        c.customerId = customer.customerId;
        created.set(customer.customerId, customer.mail);
      },
    ),
    step(
      'PUT',
      (req, c) => ({
        ...req,
        path: `/api/Customers/${c.customerId}`,
        headers: { ...json(), ...auth(c) },
        // The mail of the customer being edited: the last one this user created.
        body: JSON.stringify({
          nom: 'Charge',
          prenom: 'Modifié',
          mail: created.get(c.customerId!),
          mobile: '0612345678',
          city: 'Lyon',
          postalCode: '69001',
        }),
      }),
      undefined,
      { customer: true },
    ),
    step('GET', (req, c) => ({ ...req, path: `/api/Customers/${c.customerId}`, headers: auth(c) }), undefined, {
      customer: true,
    }),
  ];

  const result = await autocannon({
    url: base,
    connections: opts.users,
    duration: opts.seconds,
    timeout: 30,
    requests,
  });
  return { result, created };
}
