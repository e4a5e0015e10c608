// Decoration: mirrors, vases and rugs.
import { FABRICS, METALS, SHADES, WOODS } from './finishes';
import { between, type Finish, Model, pick } from './shapes';

const MIRROR: Finish = { name: 'Miroir', color: '#e5e7eb', roughness: 0.02, metallic: 1 };

export function mirror(name: string, random: () => number): Model {
  const m = new Model(name);
  const frame = random() < 0.5 ? pick(random, WOODS) : pick(random, METALS);
  const w = between(random, 0.6, 0.9);
  const h = between(random, 0.9, 1.5);
  m.box(frame, [0, h / 2, 0], [w, h, 0.03]);
  m.box(MIRROR, [0, h / 2, 0.016], [w - 0.08, h - 0.08, 0.004]);
  return m;
}

export function vase(name: string, random: () => number): Model {
  const m = new Model(name);
  const glaze = pick(random, SHADES);
  const r = between(random, 0.08, 0.13);
  m.cylinder(glaze, [0, 0, 0], r * 0.7, 0.03, r, 20);
  m.sphere(glaze, [0, 0.03 + r, 0], r, [1, between(random, 1, 1.5), 1], 10, 20);
  m.cylinder(glaze, [0, 0.03 + r * 1.8, 0], r * 0.45, r * 0.7, r * 0.55, 20);
  return m;
}

export function rug(name: string, random: () => number): Model {
  const m = new Model(name);
  const [a, b] = [pick(random, FABRICS), pick(random, FABRICS)];
  const w = between(random, 1.6, 2.4);
  const l = w * 1.4;
  m.box(a, [0, 0.005, 0], [w, 0.01, l]);
  // A border and a centre motif, slightly raised so that they show.
  for (const z of [-1, 1]) m.box(b, [0, 0.011, z * (l / 2 - 0.1)], [w - 0.1, 0.002, 0.08]);
  m.box(b, [0, 0.011, 0], [w * 0.4, 0.002, l * 0.3]);
  return m;
}
