// The user list's search (case-insensitive over names, mail and company name) and its stat cards.
import type { User } from '../../api/users';

export function searchUsers(users: User[], query: string): User[] {
  const q = query.trim().toLocaleLowerCase('fr');
  if (!q) return users;
  return users.filter((u) =>
    [u.nom, u.prenom, `${u.prenom} ${u.nom}`, u.mail, u.nomEntreprise].some((s) =>
      (s ?? '').toLocaleLowerCase('fr').includes(q),
    ),
  );
}

/** One card per role, so that the cards add up to the total (docs/back-office.md). */
export function userStats(users: User[]) {
  const count = (role: string) => users.filter((u) => u.nomRole === role).length;
  return {
    total: users.length,
    admins: count('Admin'),
    directeurs: count('Directeur'),
    managers: count('Manager'),
    vendeurs: count('Vendeur'),
  };
}
