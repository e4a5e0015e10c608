// The weekly report's time chart as an image (docs/notifications.md): the week's consultations per day as
// bars, drawn as an SVG string here and turned into a PNG by sharp, attached to the mail and shown by
// `cid:` — mail clients show no SVG and fetch no remote image by default, and run no script. Its alt text
// says every value, and the plain-text part lists them, so nothing depends on seeing the picture.
import sharp from 'sharp';

import { formatNumber } from '#domain/format';

import { escapeHtml } from './mailFrame';
import type { DayCount } from './weekDays';

/** The size the HTML shows it at; the PNG has twice as many pixels each way, for high-density screens. */
export const CHART_WIDTH = 600;
export const CHART_HEIGHT = 260;
const SCALE = 2;
export const CHART_CID = 'graphique-semaine@visio3d';

const short = new Intl.DateTimeFormat('fr-FR', { weekday: 'short', day: 'numeric', timeZone: 'UTC' });
const long = new Intl.DateTimeFormat('fr-FR', { weekday: 'long', day: 'numeric', month: 'long', timeZone: 'UTC' });
const date = (day: string) => new Date(`${day}T00:00:00Z`);

/** "lundi 25 mars : 1, mardi 26 mars : 2, …" (the alt text's and the text part's values). */
export const dayLabel = (day: string) => long.format(date(day));

export function chartAlt(days: DayCount[]): string {
  return `Graphique des consultations par jour : ${days.map((d) => `${dayLabel(d.day)} : ${formatNumber(d.consultations)}`).join(', ')}.`;
}

/** A step of 1, 2 or 5 × 10^n giving at most 5 intervals up to `max`. */
function niceStep(max: number): number {
  const rough = Math.max(max / 5, 1);
  const power = 10 ** Math.floor(Math.log10(rough));
  return [1, 2, 5, 10].map((m) => m * power).find((s) => s >= rough) ?? 10 * power;
}

export function chartSvg(days: DayCount[]): string {
  const left = 76;
  const right = 16;
  const top = 20;
  const bottom = 56;
  const plotW = CHART_WIDTH - left - right;
  const plotH = CHART_HEIGHT - top - bottom;
  const max = Math.max(0, ...days.map((d) => d.consultations));
  const step = niceStep(max);
  const ceiling = Math.max(step, Math.ceil(max / step) * step);
  const y = (v: number) => top + plotH - (v / ceiling) * plotH;
  const band = plotW / days.length;
  const font = 'font-family="DejaVu Sans, Arial, Helvetica, sans-serif"';
  const parts: string[] = [];
  for (let v = 0; v <= ceiling; v += step) {
    parts.push(
      `<line x1="${left}" x2="${left + plotW}" y1="${y(v)}" y2="${y(v)}" stroke="${v === 0 ? '#52606d' : '#e4e7eb'}"/>`,
      `<text x="${left - 8}" y="${y(v) + 4}" text-anchor="end" font-size="12" fill="#52606d" ${font}>${escapeHtml(formatNumber(v))}</text>`,
    );
  }
  days.forEach((d, i) => {
    const x = left + i * band + band * 0.2;
    const h = plotH - (y(d.consultations) - top);
    const cx = left + i * band + band / 2;
    parts.push(
      `<rect x="${x}" y="${y(d.consultations)}" width="${band * 0.6}" height="${h}" fill="#1e3a5f"/>`,
      `<text x="${cx}" y="${y(d.consultations) - 4}" text-anchor="middle" font-size="12" fill="#1f2933" ${font}>${escapeHtml(formatNumber(d.consultations))}</text>`,
      `<text x="${cx}" y="${top + plotH + 18}" text-anchor="middle" font-size="12" fill="#1f2933" ${font}>${escapeHtml(short.format(date(d.day)))}</text>`,
    );
  });
  const midY = top + plotH / 2;
  parts.push(
    `<text x="18" y="${midY}" transform="rotate(-90 18 ${midY})" text-anchor="middle" font-size="12" fill="#1f2933" ${font}>Consultations</text>`,
    `<text x="${left + plotW / 2}" y="${CHART_HEIGHT - 10}" text-anchor="middle" font-size="12" fill="#1f2933" ${font}>Jour de la semaine</text>`,
  );
  return `<svg xmlns="http://www.w3.org/2000/svg" width="${CHART_WIDTH}" height="${CHART_HEIGHT}" viewBox="0 0 ${CHART_WIDTH} ${CHART_HEIGHT}">
<rect width="100%" height="100%" fill="#ffffff"/>
${parts.join('\n')}
</svg>`;
}

/** The chart as PNG bytes, base64 (as the outbox keeps them). */
export async function chartPng(days: DayCount[]): Promise<string> {
  const png = await sharp(Buffer.from(chartSvg(days)), { density: 72 * SCALE })
    .png({ compressionLevel: 9, palette: true })
    .toBuffer();
  return png.toString('base64');
}
