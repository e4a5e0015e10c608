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

// The roles live apart, without zod: the dashboard reads them at its first paint (docs/performance.md).
export { ADMIN_ROLE, ROLE_NAMES, type RoleName } from './roles';
