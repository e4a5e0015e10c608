// Who may do what: one table of role x action, read by the server's guards (server/auth/access.ts)
// and by the screens to hide what a role may not do. The table is documented in docs/permissions.md.
import { ADMIN_ROLE, ROLE_NAMES, type RoleName } from './roles';

export type Action =
  /** Create a user (and a company for him). */
  | 'user.create'
  /** Inline edits of a user's fields, reset of his password, disabling him. */
  | 'user.manage'
  /** A colleague's mail and mobile (one's own are always readable). */
  | 'user.readContacts'
  /** Add, date or delete licences. */
  | 'licence.manage'
  /** Another user's licence key and MAC address (one's own are always readable). */
  | 'licence.readKeys'
  /** Create a client company. */
  | 'entreprise.create'
  /** Company settings: the catalogue's validation date ('Ajouter Nuancier'). */
  | 'entreprise.settings'
  /** The public viewer's settings (quoteUrl, frameOrigins: docs/viewer.md), the company's public face. */
  | 'entreprise.viewerSettings'
  /** The dashboard's reporting time zone (docs/dashboard.md). */
  | 'entreprise.timeZone'
  /** The catalogue's structure: create and delete categories. */
  | 'catalogue.structure'
  /** Add and delete the notes of the dashboard's time chart (domain/annotation.ts). */
  | 'annotation.manage'
  /** 'Modifier mon mot de passe' (the current password is asked). */
  | 'password.changeOwn';

const ALL = ROLE_NAMES;
const ADMIN_ONLY = [ADMIN_ROLE] as const;
const MANAGEMENT = ['Admin', 'Directeur', 'Manager'] as const;

export const PERMISSIONS: Record<Action, readonly RoleName[]> = {
  'user.create': ADMIN_ONLY,
  'user.manage': ADMIN_ONLY,
  'user.readContacts': MANAGEMENT,
  'licence.manage': ADMIN_ONLY,
  'licence.readKeys': ADMIN_ONLY,
  'entreprise.create': ADMIN_ONLY,
  'entreprise.settings': ['Admin', 'Directeur'],
  'entreprise.viewerSettings': ['Admin', 'Directeur'],
  'entreprise.timeZone': ADMIN_ONLY,
  'catalogue.structure': MANAGEMENT,
  'annotation.manage': MANAGEMENT,
  'password.changeOwn': ALL,
};

/** Whether a role may perform an action; an unknown or missing role may do nothing. */
export function can(role: string | null | undefined, action: Action): boolean {
  return !!role && (PERMISSIONS[action] as readonly string[]).includes(role);
}

interface Person {
  userId: number;
  role: string;
}

/** Whether `actor` may read `target`'s mail and mobile. */
export const readsContactsOf = (actor: Person, targetUserId: number) =>
  actor.userId === targetUserId || can(actor.role, 'user.readContacts');

/** Whether `actor` may read the keys and MAC addresses of `owner`'s licences. */
export const readsLicenceKeysOf = (actor: Person, ownerUserId: number) =>
  actor.userId === ownerUserId || can(actor.role, 'licence.readKeys');

/**
 * Whether `actor` may edit, reset the password of, or disable `target`: an Admin manages every user but
 * another Admin. His own fields he edits inline; his own password goes through 'Modifier mon mot de passe'.
 */
export function managesUser(actor: Person, target: Person): boolean {
  if (!can(actor.role, 'user.manage')) return false;
  return target.role !== ADMIN_ROLE || target.userId === actor.userId;
}

/**
 * Whether `actor` may give `role` in company `entrepriseId`. Admin is the provider's staff role: it exists
 * only in the provider's company, which is the company of the Admins themselves.
 */
export function grantsRole(actor: Person & { entrepriseId: number }, role: string, entrepriseId: number): boolean {
  if (!can(actor.role, 'user.create')) return false;
  return role !== ADMIN_ROLE || entrepriseId === actor.entrepriseId;
}

export const OTHER_ADMIN_REFUSED = "Les informations d'un autre administrateur ne peuvent pas être modifiées";
export const ADMIN_OUTSIDE_PROVIDER = "Le rôle Admin n'existe que dans l'entreprise du prestataire";
export const WRONG_CURRENT_PASSWORD = 'Mot de passe actuel incorrect';
