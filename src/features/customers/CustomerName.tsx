import { initials } from '#domain/userName';

/** Initials avatar, then first and last name. */
export function CustomerName({ prenom, nom }: { prenom: string; nom: string }) {
  return (
    <span className="cust-name">
      <span className="avatar" aria-hidden="true">
        {initials(prenom, nom)}
      </span>
      <span>
        {prenom} {nom}
      </span>
    </span>
  );
}
