// The 'Modifier mon mot de passe' modal's checks: current password required, the policy, the confirmation.
import { describe, expect, it } from 'vitest';

import { ownPasswordChangeSchema, ownPasswordFormSchema } from '#domain/ownPassword';

/** The modal's messages, the first of each field. */
function ownPasswordErrors(currentPassword: string, newPassword: string, confirmation: string) {
  const out: Record<string, string> = {};
  const issues = ownPasswordFormSchema.safeParse({ currentPassword, newPassword, confirmation }).error?.issues ?? [];
  for (const issue of issues) out[issue.path.join('.')] ??= issue.message;
  return out;
}

describe('the own password modal', () => {
  it('names each missing or invalid field in French', () => {
    expect(ownPasswordErrors('', '', 'x')).toEqual({
      currentPassword: 'Mot de passe actuel requis',
      newPassword: 'Mot de passe requis',
      confirmation: 'Les mots de passe ne correspondent pas',
    });
    expect(ownPasswordErrors('Ancien!2026pass', 'sansmajuscule1!', 'sansmajuscule1!')).toEqual({
      newPassword: 'Le mot de passe doit contenir au moins une majuscule',
    });
    expect(ownPasswordErrors('Ancien!2026pass', 'Ancien!2026pass', 'Ancien!2026pass').newPassword).toMatch(/différent/);
    expect(ownPasswordErrors('Ancien!2026pass', 'Nouveau#Passe2026', 'Nouveau#Passe2026')).toEqual({});
  });

  it('is the server body schema too', () => {
    expect(ownPasswordChangeSchema.safeParse({ currentPassword: 'x', newPassword: 'Nouveau#Passe2026' }).success).toBe(
      true,
    );
    expect(ownPasswordChangeSchema.safeParse({ newPassword: 'Nouveau#Passe2026' }).success).toBe(false);
  });
});
