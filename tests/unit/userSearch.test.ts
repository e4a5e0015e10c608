// The user list's search (case-insensitive, also over the company name) and stat cards (docs/product.md §2.2.13).
import { describe, expect, it } from 'vitest';

import type { User } from '../../src/api/users';
import { accessMarkers } from '../../src/features/users/userAccess';
import { searchUsers, userStats } from '../../src/features/users/userSearch';

const user = (
  nom: string,
  prenom: string,
  mail: string,
  nomRole: string,
  nomEntreprise: string,
  userId: number,
): User => ({
  userId,
  nom,
  prenom,
  mail,
  nomRole,
  role: nomRole,
  nomEntreprise,
  entrepriseId: 1,
  mobile: null,
  fonction: null,
  createdAt: '2026-01-01T00:00:00Z',
  managerId: null,
  isActive: true,
});
const users = [
  user('Martin', 'Alice', 'admin@demo.fr', 'Admin', 'Visio3D', 1),
  user('Lefèvre', 'Denis', 'directeur@demo.fr', 'Directeur', 'Maison Lumière', 2),
  user('Girard', 'Manon', 'manager@demo.fr', 'Manager', 'Maison Lumière', 3),
  user('Dubois', 'Victor', 'vendeur@demo.fr', 'Vendeur', 'Maison Lumière', 4),
  user('Lambert', 'Bruno', 'vendeur@atelier-bois.fr', 'Vendeur', 'Atelier Bois & Design', 5),
];
const ids = (list: User[]) => list.map((u) => u.userId);

describe('user search', () => {
  it('matches names, mail and company name, whatever the case', () => {
    expect(ids(searchUsers(users, 'maison LUMIÈRE'))).toEqual([2, 3, 4]);
    expect(ids(searchUsers(users, 'atelier'))).toEqual([5]);
    expect(ids(searchUsers(users, 'LEFÈVRE'))).toEqual([2]);
    expect(ids(searchUsers(users, 'victor dubois'))).toEqual([4]);
    expect(ids(searchUsers(users, '@demo.fr'))).toEqual([1, 2, 3, 4]);
    expect(ids(searchUsers(users, '  '))).toEqual([1, 2, 3, 4, 5]);
    expect(searchUsers(users, 'personne')).toEqual([]);
  });

  it('counts total and each role: the role cards add up to the total', () => {
    const stats = userStats(users);
    expect(stats).toEqual({ total: 5, admins: 1, directeurs: 1, managers: 1, vendeurs: 2 });
    expect(stats.admins + stats.directeurs + stats.managers + stats.vendeurs).toBe(stats.total);
    expect(userStats([])).toEqual({ total: 0, admins: 0, directeurs: 0, managers: 0, vendeurs: 0 });
  });
});

describe('who cannot sign in, as the list marks it', () => {
  const labels = (u: Parameters<typeof accessMarkers>[0]) => accessMarkers(u).map((m) => m.label);
  it('a disabled user, a non-Admin without a licence in force; an Admin needs none', () => {
    expect(labels({ isActive: true, nomRole: 'Vendeur', licenceEnVigueur: true })).toEqual([]);
    expect(labels({ isActive: false, nomRole: 'Vendeur', licenceEnVigueur: true })).toEqual(['Désactivé']);
    expect(labels({ isActive: true, nomRole: 'Directeur', licenceEnVigueur: false })).toEqual([
      'Sans licence en vigueur',
    ]);
    expect(labels({ isActive: false, nomRole: 'Manager', licenceEnVigueur: false })).toEqual([
      'Désactivé',
      'Sans licence en vigueur',
    ]);
    expect(labels({ isActive: true, nomRole: 'Admin', licenceEnVigueur: false })).toEqual([]);
  });
  it('claims nothing about licences when the server does not say', () => {
    expect(labels({ isActive: true, nomRole: 'Vendeur' })).toEqual([]);
  });
});
