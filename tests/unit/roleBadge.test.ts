// Role badge colours of docs/product.md §2.6.
import { describe, expect, it } from 'vitest';

import { roleBadgeClass, roleColour } from '#domain/roleBadge';

describe('role badge colours', () => {
  it('colours Admin red, Vendeur violet, Manager blue, Directeur orange', () => {
    expect(roleColour('Admin')).toBe('red');
    expect(roleColour('Vendeur')).toBe('violet');
    expect(roleColour('Manager')).toBe('blue');
    expect(roleColour('Directeur')).toBe('orange');
  });

  it('colours any other role, or none, grey', () => {
    expect(roleColour('Comptable')).toBe('grey');
    expect(roleColour('admin')).toBe('grey');
    expect(roleColour(undefined)).toBe('grey');
    expect(roleBadgeClass('Admin')).toBe('role-badge role-red');
  });
});
