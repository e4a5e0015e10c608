// Chairs, armchairs, sofas, benches and stools: legs, a seat, a back, cushions.
import { FABRICS, METALS, WOODS } from './finishes';
import { between, type Finish, Model, pick } from './shapes';

/** Four legs under a w × d footprint, `height` tall (round when `round`). */
export function legs(m: Model, finish: Finish, w: number, d: number, height: number, round: boolean, inset = 0.03) {
  for (const x of [-1, 1])
    for (const z of [-1, 1]) {
      const at: [number, number, number] = [x * (w / 2 - inset), 0, z * (d / 2 - inset)];
      if (round) m.cylinder(finish, at, 0.018, height, 0.014, 8);
      else m.box(finish, [at[0], height / 2, at[2]], [0.035, height, 0.035]);
    }
}

export function chair(name: string, random: () => number): Model {
  const m = new Model(name);
  const wood = pick(random, WOODS);
  const w = between(random, 0.42, 0.5);
  const seat = between(random, 0.44, 0.48);
  legs(m, wood, w, w, seat - 0.03, random() < 0.5);
  m.box(pick(random, FABRICS), [0, seat - 0.01, 0], [w, 0.05, w]);
  // The back: two uprights and a rail.
  const back = between(random, 0.35, 0.45);
  for (const x of [-1, 1]) m.box(wood, [x * (w / 2 - 0.02), seat + back / 2, -w / 2 + 0.02], [0.035, back, 0.035]);
  m.box(wood, [0, seat + back - 0.08, -w / 2 + 0.02], [w, 0.14, 0.025]);
  return m;
}

/** An armchair (seats = 1), a sofa (2 or 3) or a bench (no back, no arms). */
export function upholstered(name: string, random: () => number, seats: number, bench = false): Model {
  const m = new Model(name);
  const fabric = pick(random, FABRICS);
  const foot = random() < 0.5 ? pick(random, WOODS) : pick(random, METALS);
  const w = seats * between(random, 0.6, 0.7) + (bench ? 0 : 0.3);
  const d = bench ? 0.38 : between(random, 0.8, 0.95);
  const legH = between(random, 0.1, 0.18);
  legs(m, foot, w, d, legH, random() < 0.5, 0.06);
  if (bench) {
    m.box(foot, [0, legH + 0.3, 0], [w, 0.05, d]);
    legs(m, foot, w, d, legH + 0.3, false, 0.06);
    return m;
  }
  // The base, the back and the arms, then one cushion per seat.
  m.box(fabric, [0, legH + 0.1, 0], [w, 0.2, d]);
  m.box(fabric, [0, legH + 0.42, -d / 2 + 0.1], [w, 0.45, 0.2]);
  for (const x of [-1, 1]) m.box(fabric, [x * (w / 2 - 0.08), legH + 0.3, 0.02], [0.16, 0.22, d - 0.04]);
  const inner = w - 0.32;
  for (let i = 0; i < seats; i++) {
    const cx = -inner / 2 + (inner / seats) * (i + 0.5);
    m.box(fabric, [cx, legH + 0.27, 0.06], [inner / seats - 0.02, 0.14, d - 0.26]);
    m.box(fabric, [cx, legH + 0.5, -d / 2 + 0.24], [inner / seats - 0.04, 0.34, 0.12]);
  }
  return m;
}

export function stool(name: string, random: () => number): Model {
  const m = new Model(name);
  const wood = pick(random, WOODS);
  const h = between(random, 0.45, 0.7);
  const r = between(random, 0.15, 0.19);
  m.cylinder(wood, [0, h - 0.04, 0], r, 0.04, r, 20);
  legs(m, wood, r * 1.4, r * 1.4, h - 0.04, true, 0);
  m.box(wood, [0, h * 0.35, 0], [r * 1.4, 0.02, 0.02]);
  return m;
}
