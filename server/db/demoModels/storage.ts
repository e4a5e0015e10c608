// Sideboards, chests of drawers and shelves: a carcass, fronts with handles, or open shelves.
import { BOOKS, METALS, WOODS } from './finishes';
import { legs } from './seating';
import { between, Model, pick } from './shapes';

/** A sideboard (doors) or a chest of drawers (drawers): a box on short legs, fronts and handles. */
export function cabinet(name: string, random: () => number, drawers: boolean): Model {
  const m = new Model(name);
  const body = pick(random, WOODS);
  const front = pick(random, WOODS);
  const handle = pick(random, METALS);
  const w = drawers ? between(random, 0.8, 1.1) : between(random, 1.5, 1.9);
  const h = drawers ? between(random, 0.8, 0.95) : between(random, 0.7, 0.8);
  const d = 0.45;
  const legH = 0.15;
  legs(m, body, w, d, legH, random() < 0.5, 0.05);
  m.box(body, [0, legH + h / 2, 0], [w, h, d]);
  const rows = drawers ? 3 + Math.floor(random() * 2) : 1;
  const cols = drawers ? 1 : 3 + Math.floor(random() * 2);
  const fw = (w - 0.04) / cols;
  const fh = (h - 0.04) / rows;
  for (let c = 0; c < cols; c++)
    for (let r = 0; r < rows; r++) {
      const x = -w / 2 + 0.02 + fw * (c + 0.5);
      const y = legH + 0.02 + fh * (r + 0.5);
      m.box(front, [x, y, d / 2 + 0.005], [fw - 0.01, fh - 0.01, 0.012]);
      if (drawers) m.box(handle, [x, y + fh * 0.25, d / 2 + 0.02], [0.14, 0.015, 0.02]);
      else m.box(handle, [x + fw * 0.35 * (c % 2 ? -1 : 1), y, d / 2 + 0.02], [0.015, 0.14, 0.02]);
    }
  return m;
}

/** A bookcase or a shelf unit: two sides, a back, open shelves with a few books. */
export function shelves(name: string, random: () => number, tall: boolean): Model {
  const m = new Model(name);
  const wood = pick(random, WOODS);
  const w = tall ? between(random, 0.8, 1.2) : between(random, 0.6, 1);
  const h = tall ? between(random, 1.8, 2.1) : between(random, 0.9, 1.3);
  const d = 0.32;
  for (const x of [-1, 1]) m.box(wood, [x * (w / 2 - 0.01), h / 2, 0], [0.02, h, d]);
  m.box(wood, [0, h / 2, -d / 2 + 0.005], [w, h, 0.01]);
  const count = tall ? 5 : 3;
  for (let i = 0; i <= count; i++) {
    const y = 0.01 + ((h - 0.02) / count) * i;
    m.box(wood, [0, y, 0], [w - 0.04, 0.02, d - 0.02]);
    if (i === count) break;
    // A few books on the shelf, leaning on the left side.
    let x = -w / 2 + 0.03;
    const books = 3 + Math.floor(random() * 6);
    for (let b = 0; b < books && x < w / 2 - 0.06; b++) {
      const bw = between(random, 0.025, 0.05);
      const bh = between(random, 0.18, 0.26);
      m.box(pick(random, BOOKS), [x + bw / 2, y + 0.01 + bh / 2, 0], [bw, bh, 0.2]);
      x += bw + 0.004;
    }
  }
  return m;
}
