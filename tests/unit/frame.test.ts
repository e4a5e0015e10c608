import { describe, expect, it } from 'vitest';

import { badgeText, propositionTotal } from '#domain/badge';
import { displayName, initials, roleLabel } from '#domain/user';

describe('Clients badge', () => {
  it('sums propositionCount, ignoring missing counts', () => {
    expect(propositionTotal([{ propositionCount: 2 }, { propositionCount: 3 }, {}, { propositionCount: null }])).toBe(
      5,
    );
    expect(propositionTotal([])).toBe(0);
  });
  it('is hidden at 0, the number up to 9 and "9+" above', () => {
    expect(badgeText(0)).toBeNull();
    expect(badgeText(1)).toBe('1');
    expect(badgeText(9)).toBe('9');
    expect(badgeText(10)).toBe('9+');
    expect(badgeText(120)).toBe('9+');
  });
});

describe('footer identity', () => {
  it('takes the first letter of prenom and nom', () => {
    expect(initials('Victor', 'Dubois')).toBe('VD');
    expect(initials('élodie', 'martin')).toBe('ÉM');
    expect(initials('Victor', null)).toBe('V');
  });
  it('falls back when the names are missing', () => {
    expect(initials(null, undefined)).toBe('U');
    expect(displayName('Victor', 'Dubois')).toBe('Victor Dubois');
    expect(displayName('  ', null)).toBe('Utilisateur');
    expect(roleLabel({ nomRole: 'Manager' })).toBe('Manager');
    expect(roleLabel({ role: 'Vendeur' })).toBe('Vendeur');
    expect(roleLabel(null)).toBe('Utilisateur');
    expect(roleLabel({ nomRole: '' })).toBe('Utilisateur');
  });
});
