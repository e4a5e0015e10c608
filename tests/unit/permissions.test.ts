// The permissions table (docs/permissions.md) and its per-target rules, as the server and screens read them.
import { describe, expect, it } from 'vitest';

import { can, grantsRole, managesUser, PERMISSIONS, readsContactsOf, readsLicenceKeysOf } from '#domain/permissions';

describe('can', () => {
  it('follows the table, role by role', () => {
    expect(can('Admin', 'user.create')).toBe(true);
    expect(can('Directeur', 'user.create')).toBe(false);
    expect(can('Directeur', 'entreprise.settings')).toBe(true);
    expect(can('Manager', 'entreprise.settings')).toBe(false);
    expect(can('Manager', 'catalogue.structure')).toBe(true);
    expect(can('Vendeur', 'catalogue.structure')).toBe(false);
    expect(can('Vendeur', 'user.readContacts')).toBe(false);
    for (const role of ['Admin', 'Directeur', 'Manager', 'Vendeur']) expect(can(role, 'password.changeOwn')).toBe(true);
  });

  it('gives an unknown or missing role nothing', () => {
    for (const action of Object.keys(PERMISSIONS) as Array<keyof typeof PERMISSIONS>) {
      expect(can(undefined, action)).toBe(false);
      expect(can('admin', action)).toBe(false);
      expect(can('Stagiaire', action)).toBe(false);
    }
  });
});

describe('rules on the target', () => {
  const admin = { userId: 1, role: 'Admin', entrepriseId: 10 };
  it('lets an Admin manage everyone but another Admin', () => {
    expect(managesUser(admin, { userId: 2, role: 'Vendeur' })).toBe(true);
    expect(managesUser(admin, { userId: 3, role: 'Admin' })).toBe(false);
    expect(managesUser(admin, { userId: 1, role: 'Admin' })).toBe(true);
    expect(managesUser({ userId: 4, role: 'Directeur' }, { userId: 2, role: 'Vendeur' })).toBe(false);
  });

  it("gives the Admin role only in the Admin's own company", () => {
    expect(grantsRole(admin, 'Admin', 10)).toBe(true);
    expect(grantsRole(admin, 'Admin', 11)).toBe(false);
    expect(grantsRole(admin, 'Vendeur', 11)).toBe(true);
    expect(grantsRole({ userId: 4, role: 'Directeur', entrepriseId: 11 }, 'Vendeur', 11)).toBe(false);
  });

  it('shows contacts and licence keys to their owner whatever the role', () => {
    const vendeur = { userId: 5, role: 'Vendeur' };
    expect(readsContactsOf(vendeur, 5)).toBe(true);
    expect(readsContactsOf(vendeur, 6)).toBe(false);
    expect(readsContactsOf({ userId: 7, role: 'Manager' }, 6)).toBe(true);
    expect(readsLicenceKeysOf(vendeur, 5)).toBe(true);
    expect(readsLicenceKeysOf({ userId: 7, role: 'Directeur' }, 6)).toBe(false);
    expect(readsLicenceKeysOf(admin, 6)).toBe(true);
  });
});
