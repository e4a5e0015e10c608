// Beds: a frame on legs, a headboard, a mattress, pillows and a folded throw.
import { FABRICS, WOODS } from './finishes';
import { legs } from './seating';
import { between, type Finish, Model, pick } from './shapes';

const LINEN: Finish = { name: 'Drap', color: '#f5f5f4', roughness: 0.95 };

export function bed(name: string, random: () => number): Model {
  const m = new Model(name);
  const wood = pick(random, WOODS);
  const w = pick(random, [1.4, 1.6, 1.8]);
  const l = 2.05;
  legs(m, wood, w, l, 0.15, random() < 0.5, 0.05);
  m.box(wood, [0, 0.22, 0], [w + 0.04, 0.14, l]);
  m.box(LINEN, [0, 0.38, 0.02], [w - 0.04, 0.2, l - 0.08]);
  const head = random() < 0.5 ? wood : pick(random, FABRICS);
  m.box(head, [0, between(random, 0.55, 0.7), -l / 2 - 0.03], [w + 0.1, between(random, 0.8, 1.1), 0.08]);
  for (const x of [-1, 1]) m.box(LINEN, [(x * w) / 4, 0.53, -l / 2 + 0.25], [w / 2 - 0.12, 0.12, 0.35]);
  m.box(pick(random, FABRICS), [0, 0.49, l / 2 - 0.35], [w + 0.02, 0.03, 0.45]);
  return m;
}
