// The dwell per viewing angle as a polar map drawn in SVG: 8 azimuth sectors around (the model's front at
// the top, turning as model-viewer's theta), 3 rings for the elevation (from above inside, level, from below
// outside), darker for more dwell. The figures are also given as a table (the map's text alternative).
import { AZIMUTH_SECTORS, ELEVATION_BANDS, ELEVATION_LABELS, SECTOR_LABELS } from '#domain/visitSignals';

import { pct } from './format';

const C = 110;
const RINGS = [22, 50, 76, 100];

function point(r: number, degrees: number): string {
  const a = ((degrees - 90) * Math.PI) / 180;
  return `${(C + r * Math.cos(a)).toFixed(2)} ${(C + r * Math.sin(a)).toFixed(2)}`;
}

function cell(band: number, sector: number): string {
  const step = 360 / AZIMUTH_SECTORS;
  const a0 = sector * step - step / 2;
  const a1 = a0 + step;
  const [r0, r1] = [RINGS[band], RINGS[band + 1]];
  return `M ${point(r0, a0)} L ${point(r1, a0)} A ${r1} ${r1} 0 0 1 ${point(r1, a1)} L ${point(r0, a1)} A ${r0} ${r0} 0 0 0 ${point(r0, a0)} Z`;
}

export const angleName = (angle: number): string =>
  `${SECTOR_LABELS[angle % AZIMUTH_SECTORS]}, ${ELEVATION_LABELS[Math.floor(angle / AZIMUTH_SECTORS)]}`;

export function PolarMap({ angles, total }: { angles: number[]; total: number }) {
  const most = Math.max(...angles, 1);
  const share = (v: number) => (total > 0 ? v / total : 0);
  return (
    <figure className="insight-polar">
      <svg viewBox="0 0 220 220" width="220" height="220" role="img" aria-labelledby="insight-polar-title">
        <title id="insight-polar-title">
          Carte polaire du temps passé par angle de vue (le détail est dans le tableau qui suit)
        </title>
        {Array.from({ length: ELEVATION_BANDS }, (_, band) =>
          Array.from({ length: AZIMUTH_SECTORS }, (_, sector) => {
            const angle = band * AZIMUTH_SECTORS + sector;
            return (
              <path
                key={angle}
                d={cell(band, sector)}
                fill="#1e40af"
                fillOpacity={0.06 + 0.94 * (angles[angle] / most)}
                stroke="#475569"
                strokeWidth="0.75"
              >
                <title>{`${angleName(angle)} : ${pct(share(angles[angle]))}`}</title>
              </path>
            );
          }),
        )}
        <text x={C} y="9" textAnchor="middle" fontSize="10" fill="#1f2937">
          face
        </text>
        <text x={C} y="218" textAnchor="middle" fontSize="10" fill="#1f2937">
          arrière
        </text>
      </svg>
      <figcaption className="muted">
        Anneau intérieur : vu du dessus ; milieu : de face ; extérieur : du dessous. Plus foncé : plus regardé.
      </figcaption>
      <details>
        <summary>Temps par angle (tableau)</summary>
        <table className="insight-table">
          <caption className="sr-only">Part du temps passé par angle de vue</caption>
          <thead>
            <tr>
              <th scope="col">Côté</th>
              {ELEVATION_LABELS.map((l) => (
                <th scope="col" key={l}>
                  {l}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {SECTOR_LABELS.map((label, sector) => (
              <tr key={label}>
                <th scope="row">{label}</th>
                {ELEVATION_LABELS.map((l, band) => (
                  <td key={l}>{pct(share(angles[band * AZIMUTH_SECTORS + sector]))}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </figure>
  );
}
