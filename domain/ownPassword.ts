// 'Modifier mon mot de passe': the current password, then a new one under the creation form's rules.
import { z } from 'zod';

import { passwordConfirmation, passwordSchema } from './userForm';

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

/**
 * The modal's rules: the body's, a new password other than the current one (checked once the new one
 * passes the policy), and the confirmation.
 */
export const ownPasswordFormSchema = z.intersection(
  ownPasswordChangeSchema.refine((v) => !v.currentPassword || v.newPassword !== v.currentPassword, {
    path: ['newPassword'],
    error: SAME_PASSWORD,
  }),
  passwordConfirmation('newPassword'),
);
