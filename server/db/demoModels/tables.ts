// Tables, desks and consoles: a top on legs (a pedestal for round tables), a drawer block for desks.
import { METALS, STONES, WOODS } from './finishes';
import { legs } from './seating';
import { between, Model, pick } from './shapes';

export function table(name: string, random: () => number, kind: 'table' | 'bureau' | 'console'): Model {
  const m = new Model(name);
  const top = random() < 0.2 ? pick(random, STONES) : pick(random, WOODS);
  const frame = random() < 0.5 ? top : pick(random, METALS);
  const h = kind === 'console' ? 0.8 : 0.75;
  const round = kind === 'table' && random() < 0.3;
  if (round) {
    const r = between(random, 0.5, 0.65);
    m.cylinder(top, [0, h - 0.035, 0], r, 0.035, r, 32);
    m.cylinder(frame, [0, 0, 0], 0.06, h - 0.035, 0.05, 12);
    m.cylinder(frame, [0, 0, 0], 0.3, 0.03, 0.3, 24);
    return m;
  }
  const w = kind === 'table' ? between(random, 1.6, 2.2) : kind === 'bureau' ? between(random, 1.2, 1.5) : 1.1;
  const d = kind === 'table' ? between(random, 0.85, 1) : kind === 'bureau' ? 0.65 : 0.35;
  m.box(top, [0, h - 0.02, 0], [w, 0.04, d]);
  legs(m, frame, w, d, h - 0.04, random() < 0.4, 0.06);
  if (kind === 'bureau') m.box(top, [w / 2 - 0.25, h - 0.14, 0], [0.4, 0.2, d - 0.1]);
  if (kind === 'console') m.box(top, [0, 0.2, 0], [w - 0.1, 0.025, d - 0.06]);
  return m;
}
