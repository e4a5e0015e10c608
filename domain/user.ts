// The current user as GET /api/User/current answers it (docs/product.md §1.3, docs/product.md §2.3), and a
// user as the user routes answer him: the server's response schemas, shared with the app.
import { z } from 'zod';

export const currentUserSchema = z.object({
  id: z.number(),
  role: z.string(),
  nomRole: z.string(),
  prenom: z.string().nullable(),
  nom: z.string().nullable(),
  mail: z.string(),
  entrepriseId: z.number().nullable(),
  entreprise: z.object({ entrepriseId: z.number(), nomEntreprise: z.string() }).nullable(),
});
export type CurrentUser = z.infer<typeof currentUserSchema>;

/**
 * A user as this server answers him (GET /api/User, /api/User/{userId}, creation and edits; docs/product.md
 * §2.3): the routes' response schema.
 */
export const userSchema = z.object({
  userId: z.number(),
  nom: z.string(),
  prenom: z.string(),
  /** null when the reader may not read a colleague's contacts (docs/permissions.md). */
  mail: z.string().nullable(),
  mobile: z.string().nullable(),
  fonction: z.string().nullable(),
  roleId: z.number(),
  nomRole: z.string(),
  role: z.string(),
  nomEntreprise: z.string(),
  entrepriseId: z.number(),
  createdAt: z.string(),
  managerId: z.number().nullable(),
  isActive: z.boolean(),
  /**
   * An addition to the contract: whether the user holds a licence in force now (the sign-in rule of
   * server/auth/session.ts). The user list marks who cannot sign in (docs/back-office.md).
   */
  licenceEnVigueur: z.boolean(),
});
export type UserItem = z.infer<typeof userSchema>;

// The name helpers live apart, without zod: the signed-in frame shows them on every page.
export { displayName, initials, roleLabel } from './userName';
