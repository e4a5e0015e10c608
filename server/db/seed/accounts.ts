// Demo companies, roles, users and licences (README, "Demo accounts"). Password of every account: Demo!2026pass.
import { ROLE_NAMES } from '#domain/auth';

import { hashPassword } from '../../auth/password';
import type { Db } from '../client';
import { entreprises, licences, roles, typeLicences, userJourneySteps, users } from '../schema';

export const DEMO_PASSWORD = 'Demo!2026pass';

export interface DemoAccounts {
  entreprise: Record<'provider' | 'maison' | 'atelier', number>;
  user: Record<string, number>;
  roleId: Record<string, number>;
}

const DAY = 86_400_000;

export async function seedAccounts(db: Db, now = new Date()): Promise<DemoAccounts> {
  const roleRows = await db
    .insert(roles)
    .values(ROLE_NAMES.map((nomRole) => ({ nomRole })))
    .returning();
  const roleId = Object.fromEntries(roleRows.map((r) => [r.nomRole, r.roleId]));

  const [provider, maison, atelier] = await db
    .insert(entreprises)
    .values([
      {
        nomEntreprise: 'Visio3D',
        adresse: '12 rue des Arts, 75003 Paris',
        telephone: '0140000000',
        siret: '73282932000074',
      },
      {
        nomEntreprise: 'Maison Lumière',
        adresse: '8 quai Saint-Vincent, 69001 Lyon',
        telephone: '0478000000',
        siret: '55210055400013',
        // The viewer's settings (docs/viewer.md): products get their public keys from the database.
        quoteUrl: 'https://www.maison-lumiere.fr/devis',
        frameOrigins: ['https://www.maison-lumiere.fr'],
      },
      {
        nomEntreprise: 'Atelier Bois & Design',
        adresse: '3 rue du Moulin, 44000 Nantes',
        telephone: '0240000000',
        siret: '40483304800022',
      },
    ])
    .returning();

  const [standard, premium] = await db
    .insert(typeLicences)
    .values([{ type: 'Standard' }, { type: 'Premium' }, { type: 'Essai' }])
    .returning();

  await db.insert(userJourneySteps).values([
    { stepOrder: 1, stepName: 'consultation', eventFlag: 'consultation' },
    { stepOrder: 2, stepName: 'interaction 3D', eventFlag: 'iframe_interaction' },
    { stepOrder: 3, stepName: 'essai AR', eventFlag: 'ar_try' },
    { stepOrder: 4, stepName: 'conversion', eventFlag: 'conversion' },
  ]);

  // One hash for all demo accounts: argon2id is deliberately slow.
  const passwordHash = await hashPassword(DEMO_PASSWORD);
  const people = [
    {
      key: 'admin',
      mail: 'admin@demo.fr',
      prenom: 'Alice',
      nom: 'Martin',
      role: 'Admin',
      ent: provider,
      fonction: 'Support Visio3D',
    },
    {
      key: 'directeur',
      mail: 'directeur@demo.fr',
      prenom: 'Denis',
      nom: 'Lefèvre',
      role: 'Directeur',
      ent: maison,
      fonction: 'Directeur commercial',
    },
    {
      key: 'manager',
      mail: 'manager@demo.fr',
      prenom: 'Manon',
      nom: 'Girard',
      role: 'Manager',
      ent: maison,
      fonction: 'Responsable des ventes',
    },
    {
      key: 'vendeur',
      mail: 'vendeur@demo.fr',
      prenom: 'Victor',
      nom: 'Dubois',
      role: 'Vendeur',
      ent: maison,
      fonction: 'Conseiller de vente',
    },
    {
      key: 'vendeur2',
      mail: 'vendeur2@demo.fr',
      prenom: 'Valérie',
      nom: 'Roux',
      role: 'Vendeur',
      ent: maison,
      fonction: 'Conseillère de vente',
    },
    {
      key: 'attente',
      mail: 'attente@demo.fr',
      prenom: 'Arthur',
      nom: 'Petit',
      role: 'Vendeur',
      ent: maison,
      fonction: 'Conseiller de vente',
    },
    {
      key: 'inactif',
      mail: 'inactif@demo.fr',
      prenom: 'Inès',
      nom: 'Moreau',
      role: 'Vendeur',
      ent: maison,
      fonction: 'Ancienne conseillère',
      isActive: false,
    },
    {
      key: 'atelier',
      mail: 'vendeur@atelier-bois.fr',
      prenom: 'Bruno',
      nom: 'Lambert',
      role: 'Vendeur',
      ent: atelier,
      fonction: 'Vendeur',
    },
    {
      key: 'atelierDirecteur',
      mail: 'directeur@atelier-bois.fr',
      prenom: 'Claire',
      nom: 'Fontaine',
      role: 'Directeur',
      ent: atelier,
      fonction: 'Gérante',
    },
  ];
  const userRows = await db
    .insert(users)
    .values(
      people.map((p, i) => ({
        entrepriseId: p.ent.entrepriseId,
        roleId: roleId[p.role],
        nom: p.nom,
        prenom: p.prenom,
        mail: p.mail,
        mobile: `06120000${String(i).padStart(2, '0')}`,
        fonction: p.fonction,
        passwordHash,
        isActive: p.isActive ?? true,
        createdAt: new Date(now.getTime() - (400 - i * 20) * DAY),
      })),
    )
    .returning();
  const user = Object.fromEntries(people.map((p, i) => [p.key, userRows[i].userId]));

  const inForce = {
    dateActivation: new Date(now.getTime() - 365 * DAY),
    dateExpiration: new Date(now.getTime() + 365 * DAY),
  };
  const licence = (key: string, type: number, dates: { dateActivation: Date | null; dateExpiration: Date | null }) => ({
    userId: user[key],
    typeLicenceId: type,
    licenceKey: `V3D-${key.toUpperCase()}-${String(user[key]).padStart(4, '0')}`,
    ...dates,
  });
  await db.insert(licences).values([
    licence('directeur', premium.typeLicenceId, inForce),
    licence('manager', premium.typeLicenceId, inForce),
    licence('vendeur', standard.typeLicenceId, inForce),
    licence('vendeur2', standard.typeLicenceId, inForce),
    // Not yet activated: the provider is still checking the account (login answers 403).
    licence('attente', standard.typeLicenceId, { dateActivation: null, dateExpiration: null }),
    licence('inactif', standard.typeLicenceId, inForce),
    licence('atelier', standard.typeLicenceId, inForce),
    licence('atelierDirecteur', premium.typeLicenceId, inForce),
  ]);

  return {
    entreprise: { provider: provider.entrepriseId, maison: maison.entrepriseId, atelier: atelier.entrepriseId },
    user,
    roleId,
  };
}
