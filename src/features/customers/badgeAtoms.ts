// The sidebar's Clients badge: reloaded whenever a customer or proposition changes (bump the version).
import { atom } from 'jotai';

export const customersVersionAtom = atom(0);
export const bumpCustomersVersionAtom = atom(null, (get, set) =>
  set(customersVersionAtom, get(customersVersionAtom) + 1),
);
