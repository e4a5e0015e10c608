// Lamps: table lamps, pendants, wall lamps, floor lamps and ceiling lights, from a shade, a stem and a base.
import { METALS, SHADES, STONES } from './finishes';
import { between, Model, pick } from './shapes';

export type LightKind = 'lampe' | 'suspension' | 'applique' | 'lampadaire' | 'plafonnier';

export function light(name: string, random: () => number, kind: LightKind): Model {
  const m = new Model(name);
  const metal = pick(random, METALS);
  const shade = pick(random, SHADES);
  const globe = random() < 0.4;
  const r = between(random, 0.12, 0.22);
  /** The shade whose bottom (a cone) or centre (a globe) is at y. */
  const shadeAt = (x: number, y: number, z: number, size: number) =>
    globe ? m.sphere(shade, [x, y, z], size) : m.cylinder(shade, [x, y, z], size, size * 0.9, size * 0.55, 20);
  switch (kind) {
    case 'lampe': {
      const base = random() < 0.5 ? pick(random, STONES) : metal;
      m.cylinder(base, [0, 0, 0], 0.09, 0.03, 0.09, 20);
      m.sphere(base, [0, 0.14, 0], 0.1, [1, 1.1, 1]);
      m.cylinder(metal, [0, 0.24, 0], 0.008, 0.12, 0.008, 8);
      shadeAt(0, globe ? 0.46 : 0.34, 0, r * 0.8);
      break;
    }
    case 'lampadaire': {
      const h = between(random, 1.5, 1.8);
      m.cylinder(pick(random, STONES), [0, 0, 0], 0.16, 0.04, 0.16, 24);
      m.cylinder(metal, [0, 0.04, 0], 0.012, h, 0.012, 8);
      shadeAt(0, globe ? h + r : h - 0.05, 0, r);
      break;
    }
    case 'suspension': {
      // The canopy at the ceiling (y = 1.2), the cord, the shade below.
      m.cylinder(metal, [0, 1.17, 0], 0.06, 0.03, 0.06, 16);
      m.cylinder(metal, [0, 0.45, 0], 0.004, 0.72, 0.004, 6);
      shadeAt(0, globe ? 0.45 - r : 0.45 - r * 0.9, 0, r);
      break;
    }
    case 'applique': {
      // A plate on the wall (z = 0), an arm, the shade in front.
      m.box(metal, [0, 0.3, 0.01], [0.1, 0.16, 0.02]);
      m.box(metal, [0, 0.3, 0.1], [0.02, 0.02, 0.18]);
      shadeAt(0, globe ? 0.3 : 0.3 - r * 0.4, 0.2, r * 0.7);
      break;
    }
    case 'plafonnier': {
      // A disc under the ceiling (y = 0.3) and its diffuser.
      m.cylinder(metal, [0, 0.27, 0], r * 1.6, 0.03, r * 1.6, 24);
      m.sphere(shade, [0, 0.27, 0], r * 1.4, [1, 0.35, 1]);
      break;
    }
  }
  return m;
}
