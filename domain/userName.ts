// How a user is named in the frame and the lists (docs/product.md §1.2). No zod here: the signed-in
// frame imports these on every page, and zod stays out of its first load (docs/performance.md).

/** Avatar initials: first letter of prenom and of nom (docs/product.md §1.2, navigation frame). */
export function initials(prenom?: string | null, nom?: string | null): string {
  const a = (prenom ?? '').trim().charAt(0);
  const b = (nom ?? '').trim().charAt(0);
  const text = `${a}${b}`.toUpperCase();
  return text || 'U';
}

/** Full name with the fallback of docs/product.md, "Utilisateur". */
export function displayName(prenom?: string | null, nom?: string | null): string {
  const name = [prenom, nom]
    .map((s) => (s ?? '').trim())
    .filter(Boolean)
    .join(' ');
  return name || 'Utilisateur';
}

/** Role label with the fallback of docs/product.md, "Utilisateur". */
export function roleLabel(user?: { nomRole?: string | null; role?: string | null } | null): string {
  return (user?.nomRole ?? user?.role ?? '').trim() || 'Utilisateur';
}
