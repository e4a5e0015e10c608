// 'Modifier mon mot de passe': the current password, then a new one under the creation form's rules.
import { z } from 'zod';

import { PASSWORD_MISMATCH, passwordSchema } from './userForm';

export const CURRENT_PASSWORD_REQUIRED = 'Mot de passe actuel requis';
export const SAME_PASSWORD = "Le nouveau mot de passe doit être différent de l'actuel";

/** PUT /api/User/me/password body. */
export const ownPasswordChangeSchema = z.object({
  currentPassword: z
    .string({ error: CURRENT_PASSWORD_REQUIRED })
    .min(1, CURRENT_PASSWORD_REQUIRED)
    .max(1024, 'Mot de passe actuel invalide'),
  newPassword: passwordSchema,
});
export type OwnPasswordChange = z.infer<typeof ownPasswordChangeSchema>;

/** The answer: a fresh token, since the change ended every earlier session of the user. */
export const ownPasswordChangedSchema = z.object({ token: z.string().min(1) });

type Field = 'currentPassword' | 'newPassword' | 'confirmation';

/** The modal's messages, field by field; submission is blocked while this is not empty. */
export function ownPasswordErrors(
  currentPassword: string,
  newPassword: string,
  confirmation: string,
): Partial<Record<Field, string>> {
  const out: Partial<Record<Field, string>> = {};
  if (!currentPassword) out.currentPassword = CURRENT_PASSWORD_REQUIRED;
  const p = passwordSchema.safeParse(newPassword);
  if (!p.success) out.newPassword = p.error.issues[0]?.message;
  else if (currentPassword && newPassword === currentPassword) out.newPassword = SAME_PASSWORD;
  if (confirmation !== newPassword) out.confirmation = PASSWORD_MISMATCH;
  return out;
}
