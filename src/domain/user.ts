// The current user as GET /api/User/current answers it (docs/product.md §1.3, docs/product.md §2.3).
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

/** Avatar initials: first letter of prenom and of nom (docs/product.md §1.2, navigation frame). */
export function initials(prenom?: string | null, nom?: string | null): string {
  const a = (prenom ?? '').trim().charAt(0);
  const b = (nom ?? '').trim().charAt(0);
  const text = `${a}${b}`.toUpperCase();
  return text || 'U';
}

/** Full name with the spec's fallback "Utilisateur". */
export function displayName(prenom?: string | null, nom?: string | null): string {
  const name = [prenom, nom]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Utilisateur';
}

/** Role label with the spec's fallback "Utilisateur". */
export function roleLabel(user?: { nomRole?: string | null; role?: string | null } | null): string {
  return (user?.nomRole ?? user?.role ?? '').trim() || 'Utilisateur';
}
