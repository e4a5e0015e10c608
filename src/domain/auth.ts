// Sign-in payloads, shared by the login form and the server.
import { z } from 'zod';

import { boundedText } from './text';

export const loginInputSchema = z.object({
  mail: boundedText({ required: 'Email requis', max: 255, invalid: 'Email invalide' }),
  password: z.string({ error: 'Mot de passe requis' }).min(1, 'Mot de passe requis').max(1024, 'Mot de passe invalide'),
});
export type LoginInput = z.infer<typeof loginInputSchema>;

export const loginResponseSchema = z.object({ token: z.string().min(1) });
export type LoginResponse = z.infer<typeof loginResponseSchema>;

/** The role the client tests: only Admin is special (docs/product.md §2.6). */
export const ADMIN_ROLE = 'Admin';
export const ROLE_NAMES = ['Admin', 'Directeur', 'Manager', 'Vendeur'] as const;
export type RoleName = (typeof ROLE_NAMES)[number];
