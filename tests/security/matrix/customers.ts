// Customers, propositions, their files and share links (issue 5's routes).
import type { Fixtures, Principal } from '../harness/fixtures';
import { MP4, PDF } from '../harness/fixtures';
import { multipart } from '../harness/multipart';
import { everyone, type MatrixEntry, type Target, UNKNOWN_ID } from './types';

/** A customer the principal reaches (own), one of the other company (other), or an unknown id. */
async function customerId(fx: Fixtures, p: Principal, target: Target): Promise<number> {
  if (target === 'unknown') return UNKNOWN_ID;
  return target === 'own' ? fx.customer(fx.own(p), p) : fx.customer(fx.other(p));
}

async function propositionId(fx: Fixtures, p: Principal, target: Target): Promise<number> {
  if (target === 'unknown') return UNKNOWN_ID;
  return (await fx.proposition(target === 'own' ? fx.own(p) : fx.other(p), target === 'own' ? p : undefined)).id;
}

const customerBody = (n: number) => ({
  nom: 'Sécurité',
  prenom: 'Test',
  mail: `matrice${n}@securite.test`,
  mobile: '0612345678',
  compagny: 'SARL Test',
  adress: '1 rue du Test',
  city: 'Lyon',
  postalCode: '69001',
  commentaire: null,
});
let n = 0;

export const customerEntries: MatrixEntry[] = [
  {
    route: 'GET /api/Customers/forUser/:userId',
    roles: everyone,
    request: (fx, { principal: p, target }) => ({
      url: `/api/Customers/forUser/${target === 'unknown' ? UNKNOWN_ID : fx.seller(target === 'own' ? fx.own(p) : fx.other(p), p)}`,
    }),
  },
  {
    route: 'GET /api/Customers/:id',
    roles: everyone,
    request: async (fx, c) => ({ url: `/api/Customers/${await customerId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'POST /api/Customers/NewCustomer',
    roles: everyone,
    ok: [201],
    request: () => ({ url: '/api/Customers/NewCustomer', payload: customerBody(++n) }),
  },
  {
    route: 'PUT /api/Customers/:id',
    roles: everyone,
    request: async (fx, c) => {
      const id = await customerId(fx, c.principal, c.target);
      const { compagny: _c, ...body } = customerBody(++n);
      return { url: `/api/Customers/${id}`, payload: { ...body, customerId: id } };
    },
  },
  {
    route: 'DELETE /api/Customers/:id',
    roles: everyone,
    ok: [204],
    request: async (fx, c) => ({ url: `/api/Customers/${await customerId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'GET /api/Propositions/:id',
    roles: everyone,
    request: async (fx, c) => ({ url: `/api/Propositions/${await propositionId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'PUT /api/Propositions/:id',
    roles: everyone,
    request: async (fx, c) => ({
      url: `/api/Propositions/${await propositionId(fx, c.principal, c.target)}`,
      payload: { description: 'Nouvelle description' },
    }),
  },
  {
    route: 'PUT /api/Propositions/updateStatus/:id',
    roles: everyone,
    request: async (fx, c) => ({
      url: `/api/Propositions/updateStatus/${await propositionId(fx, c.principal, c.target)}`,
      payload: JSON.stringify('Vidéo envoyée'),
      headers: { 'content-type': 'application/json' },
    }),
  },
  {
    route: 'DELETE /api/Propositions/:id',
    roles: everyone,
    ok: [204],
    request: async (fx, c) => ({ url: `/api/Propositions/${await propositionId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'POST /api/Propositions',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, c) => {
      const form = multipart([
        { name: 'customerId', value: String(await customerId(fx, c.principal, c.target)) },
        { name: 'description', value: 'Devis matrice' },
        { name: 'pdf', value: PDF, filename: 'devis.pdf', type: 'application/pdf' },
        { name: 'video', value: MP4, filename: 'video.mp4', type: 'video/mp4' },
      ]);
      return { url: '/api/Propositions', ...form };
    },
  },
  {
    route: 'GET /api/Uploader/downloadPDF/:propositionId',
    roles: everyone,
    request: async (fx, c) => ({ url: `/api/Uploader/downloadPDF/${await propositionId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'GET /api/Video/watch/:id',
    roles: everyone,
    request: async (fx, c) => ({ url: `/api/Video/watch/${await propositionId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'POST /api/Video/generate-link/:propositionId',
    roles: everyone,
    request: async (fx, c) => ({ url: `/api/Video/generate-link/${await propositionId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'GET /api/video/expiration/:id',
    roles: everyone,
    request: async (fx, c) => ({ url: `/api/video/expiration/${await propositionId(fx, c.principal, c.target)}` }),
  },
  {
    // The share link needs no session: a valid token plays (200), an unknown one is 404, an expired one 410.
    route: 'GET /api/Video/public/:token',
    roles: everyone,
    public: true,
    record: true,
    expect: ({ target }) => (target === 'own' ? [200] : target === 'other' ? [410] : [404]),
    request: async (fx, { principal: p, target }) => {
      if (target === 'unknown') return { url: `/api/Video/public/${'0'.repeat(32)}` };
      const { token } = await fx.proposition(fx.own(p), p, { expired: target === 'other' });
      return { url: `/api/Video/public/${token}` };
    },
  },
  ...(['video', 'pdf'] as const).map((file): MatrixEntry => ({
    // The link's video and PDF: the same rule as the link itself.
    route: `GET /api/Video/public/:token/${file}`,
    roles: everyone,
    public: true,
    record: true,
    expect: ({ target }) => (target === 'own' ? [200] : target === 'other' ? [410] : [404]),
    request: async (fx, { principal: p, target }) => {
      if (target === 'unknown') return { url: `/api/Video/public/${'0'.repeat(32)}/${file}` };
      const { token } = await fx.proposition(fx.own(p), p, { expired: target === 'other' });
      return { url: `/api/Video/public/${token}/${file}` };
    },
  })),
];
