// Catalogue (issue 7's routes) and companies: everyone works on his own company's catalogue; an Admin may
// name another company (?entrepriseId= or EntrepriseId); creating a company is Admin only, categories are
// managed by Admin, Directeur and Manager, the catalogue's validation date set by Admin and Directeur.
import type { Fixtures, Principal } from '../harness/fixtures';
import { multipart } from '../harness/multipart';
import { adminOnly, direction, everyone, management, type MatrixEntry, type Target, UNKNOWN_ID } from './types';

export const PNG = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.alloc(32)]);

const companyOf = (fx: Fixtures, p: Principal, target: Target) => (target === 'own' ? fx.own(p) : fx.other(p));
const companyId = (fx: Fixtures, p: Principal, target: Target) =>
  target === 'unknown' ? UNKNOWN_ID : fx.company[companyOf(fx, p, target)];
const groupe = async (fx: Fixtures, p: Principal, target: Target) =>
  target === 'unknown' ? UNKNOWN_ID : fx.groupe(companyOf(fx, p, target));

/** A fresh 14-digit SIRET with a valid Luhn key. */
let siretSeq = 0;
export function newSiret(): string {
  const base = `9${String(Date.now() % 1e8).padStart(8, '0')}${String(++siretSeq).padStart(4, '0')}`;
  for (let d = 0; d < 10; d++) {
    const s = base + d;
    const sum = [...s].reverse().reduce((acc, c, i) => {
      let v = Number(c) * (i % 2 ? 2 : 1);
      if (v > 9) v -= 9;
      return acc + v;
    }, 0);
    if (sum % 10 === 0) return s;
  }
  throw new Error('unreachable');
}

/** A route listing one company's catalogue records, the company named in the query. */
const listByCompany = (route: string): MatrixEntry => ({
  route,
  roles: everyone,
  record: true,
  request: (fx, c) => ({ url: `${route.split(' ')[1]}?entrepriseId=${companyId(fx, c.principal, c.target)}` }),
});

const byGroupe = (route: string): MatrixEntry => ({
  route,
  roles: everyone,
  request: async (fx, c) => ({
    url: route.split(' ')[1].replace(':id', String(await groupe(fx, c.principal, c.target))),
  }),
});

export const catalogueEntries: MatrixEntry[] = [
  {
    route: 'POST /api/Entreprise',
    roles: adminOnly,
    ok: [201],
    request: () => ({
      url: '/api/Entreprise',
      payload: { NomEntreprise: 'Nouvelle SARL', Adresse: '1 rue Neuve', Telephone: '0102030405', Siret: newSiret() },
    }),
  },
  {
    route: 'GET /api/Entreprise/:id',
    roles: everyone,
    request: (fx, c) => ({ url: `/api/Entreprise/${companyId(fx, c.principal, c.target)}` }),
  },
  {
    route: 'PUT /api/Entreprise/:id',
    roles: direction,
    request: (fx, c) => ({
      url: `/api/Entreprise/${companyId(fx, c.principal, c.target)}`,
      payload: { dateValidCatalogue: '2026-01-15' },
    }),
  },
  listByCompany('GET /api/Categorie'),
  {
    route: 'POST /api/Categorie',
    roles: management,
    record: true,
    ok: [201],
    request: (fx, c) => ({
      url: '/api/Categorie',
      payload: {
        Nom_categorie: 'Luminaires',
        Id_categorie_mere: null,
        EntrepriseId: companyId(fx, c.principal, c.target),
      },
    }),
  },
  {
    route: 'DELETE /api/Categorie/:id',
    roles: management,
    ok: [204],
    request: async (fx, c) => ({
      url: `/api/Categorie/${c.target === 'unknown' ? UNKNOWN_ID : await fx.category(companyOf(fx, c.principal, c.target))}`,
    }),
  },
  listByCompany('GET /api/GroupeModel'),
  byGroupe('GET /api/GroupeModel/:id'),
  {
    route: 'POST /api/Model/ModelWithGroup',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, { principal: p, target }) => {
      const company = target === 'unknown' ? fx.own(p) : companyOf(fx, p, target);
      const form = multipart([
        { name: 'NomGroupeModel', value: 'Lampe matrice' },
        { name: 'IdCategorie', value: String(await fx.category(company)) },
        { name: 'Placement', value: 'Sol' },
        { name: 'CheminImageGroupe', value: PNG, filename: 'image.png', type: 'image/png' },
      ]);
      return { url: `/api/Model/ModelWithGroup?entrepriseId=${companyId(fx, p, target)}`, ...form };
    },
  },
  {
    route: 'PUT /api/GroupeModel/:id',
    roles: everyone,
    request: async (fx, { principal: p, target }) => {
      const company = target === 'unknown' ? fx.own(p) : companyOf(fx, p, target);
      const form = multipart([
        { name: 'NomGroupeModel', value: 'Lampe renommée' },
        { name: 'IdCategorie', value: String(await fx.category(company)) },
      ]);
      return { url: `/api/GroupeModel/${await groupe(fx, p, target)}`, ...form };
    },
  },
  {
    route: 'DELETE /api/GroupeModel/:id',
    roles: everyone,
    ok: [204],
    request: async (fx, c) => ({ url: `/api/GroupeModel/${await groupe(fx, c.principal, c.target)}` }),
  },
  listByCompany('GET /api/Model'),
  {
    route: 'POST /api/Model',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, c) => ({
      url: '/api/Model',
      ...multipart([
        { name: 'Nom', value: 'Variante' },
        { name: 'IdGroupeModel', value: String(await groupe(fx, c.principal, c.target)) },
      ]),
    }),
  },
  {
    route: 'POST /api/Option',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, c) => ({
      url: '/api/Option',
      payload: {
        idModel: await groupe(fx, c.principal, c.target),
        typeOption: 'Texte',
        nomGroupe: 'Finition',
        nom: 'Finition',
        toggle: { left: 'Mat', right: 'Brillant' },
        liste: null,
      },
    }),
  },
  byGroupe('GET /api/Option/GroupeModel/:id'),
  {
    route: 'POST /api/SousOption',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, c) => ({
      url: '/api/SousOption',
      ...multipart([
        { name: 'SousNom', value: 'Petit modèle' },
        { name: 'IdModel', value: String(await groupe(fx, c.principal, c.target)) },
      ]),
    }),
  },
  {
    route: 'POST /api/SousOption/Batch',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, c) => ({
      url: '/api/SousOption/Batch',
      ...multipart([
        { name: 'IdModel', value: String(await groupe(fx, c.principal, c.target)) },
        { name: 'Rows', value: JSON.stringify([{ SousNom: 'Petit modèle' }, { SousNom: 'Grand modèle' }]) },
      ]),
    }),
  },
  byGroupe('GET /api/SousOption/GroupeModel/:id'),
  listByCompany('GET /api/Couleur'),
  {
    route: 'POST /api/Couleur',
    roles: everyone,
    record: true,
    ok: [201],
    request: async (fx, c) => ({
      url: '/api/Couleur',
      payload: {
        nomCouleur: 'Sable',
        valeur: '#c2b280',
        nuancier: 'Naturels',
        idGroupeModel: await groupe(fx, c.principal, c.target),
      },
    }),
  },
  {
    // A stored catalogue file is served only to the company whose catalogue references it.
    route: 'GET /api/Fichier/catalogue/:name',
    roles: everyone,
    request: async (fx, { principal: p, target }) => {
      if (target === 'unknown') return { url: '/api/Fichier/catalogue/00000000-0000-4000-8000-000000000000.png' };
      const key = await fx.files.save('catalogue', 'png', PNG);
      await fx.catalogueFile(companyOf(fx, p, target), key);
      return { url: `/api/Fichier/${key}` };
    },
  },
];
