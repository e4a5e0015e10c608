// The demo products' 3D models (docs/viewer.md, "Demo models"): a model made from simple shapes for each
// product, chosen by the first word of its name (a chair for "Chaise Oslo", a pendant for "Suspension
// Opaline"), its sizes and finishes drawn from its name, so that the same name always gives the same GLB.
import { bed } from './beds';
import { mirror, rug, vase } from './decor';
import { light } from './lights';
import { chair, stool, upholstered } from './seating';
import { type Model, seeded } from './shapes';
import { cabinet, shelves } from './storage';
import { table } from './tables';

type Maker = (name: string, random: () => number) => Model;

const FAMILIES: Record<string, Maker> = {
  chaise: chair,
  fauteuil: (n, r) => upholstered(n, r, 1),
  canape: (n, r) => upholstered(n, r, r() < 0.5 ? 2 : 3),
  banc: (n, r) => upholstered(n, r, 2, true),
  tabouret: stool,
  table: (n, r) => table(n, r, 'table'),
  bureau: (n, r) => table(n, r, 'bureau'),
  console: (n, r) => table(n, r, 'console'),
  buffet: (n, r) => cabinet(n, r, false),
  commode: (n, r) => cabinet(n, r, true),
  bibliotheque: (n, r) => shelves(n, r, true),
  etagere: (n, r) => shelves(n, r, false),
  lit: bed,
  lampe: (n, r) => light(n, r, 'lampe'),
  suspension: (n, r) => light(n, r, 'suspension'),
  applique: (n, r) => light(n, r, 'applique'),
  lampadaire: (n, r) => light(n, r, 'lampadaire'),
  plafonnier: (n, r) => light(n, r, 'plafonnier'),
  miroir: mirror,
  vase,
  tapis: rug,
};

/** "Étagère en frêne" → "etagere". */
const family = (name: string) => name.split(/\s+/)[0].normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();

/** The family a product's name falls in; an unknown word gets a table (every product gets a model). */
export function demoModelFamily(name: string): string {
  return family(name) in FAMILIES ? family(name) : 'table';
}

/** The GLB of a product's demo model: deterministic for a name, a few KB. */
export function demoModel(name: string): Promise<Uint8Array> {
  return FAMILIES[demoModelFamily(name)](name, seeded(name)).glb();
}
