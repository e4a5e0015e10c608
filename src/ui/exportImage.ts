// "Exporter PNG": a chart card's drawing as a PNG file. uPlot draws on a canvas (taken as it is, on white);
// the doughnut is SVG (drawn onto a canvas through an image first). With a caption
// (domain/analytics/exportCaption.ts) the file carries its title, context and values.
import type { ExportCaption } from '#domain/analytics/exportCaption';

export function download(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

const toPng = (canvas: HTMLCanvasElement): Promise<Blob> =>
  new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('Export PNG impossible'))), 'image/png'),
  );

function onWhite(width: number, height: number, draw: (ctx: CanvasRenderingContext2D) => void): HTMLCanvasElement {
  const out = document.createElement('canvas');
  out.width = width;
  out.height = height;
  const ctx = out.getContext('2d')!;
  ctx.fillStyle = '#fff';
  ctx.fillRect(0, 0, width, height);
  draw(ctx);
  return out;
}

const LINE = 22;
const PAD = 16;

/** The chart with its caption above (title, context) and its legend with values below. */
function captioned(chart: CanvasImageSource, width: number, height: number, caption: ExportCaption) {
  const top = PAD + LINE * (1 + caption.lines.length) + PAD / 2;
  const legendHeight = caption.legend.length * LINE + PAD;
  const w = Math.max(width, 480);
  return onWhite(w, top + height + legendHeight, (ctx) => {
    ctx.fillStyle = '#0f172a';
    ctx.textBaseline = 'top';
    ctx.font = 'bold 18px system-ui, sans-serif';
    ctx.fillText(caption.title, PAD, PAD);
    ctx.font = '14px system-ui, sans-serif';
    caption.lines.forEach((l, i) => ctx.fillText(l, PAD, PAD + LINE * (i + 1) + 4));
    ctx.drawImage(chart, 0, top, width, height);
    caption.legend.forEach((l, i) => {
      const y = top + height + PAD / 2 + i * LINE;
      if (l.color) {
        ctx.fillStyle = l.color;
        ctx.fillRect(PAD, y + 2, 12, 12);
      }
      ctx.fillStyle = '#0f172a';
      ctx.fillText(`${l.label} : ${l.value}`, PAD + 20, y);
    });
  });
}

/** The PNG of the first canvas (or else SVG) inside `root`, captioned when a caption is given. */
export async function chartPng(root: HTMLElement, caption?: ExportCaption): Promise<Blob> {
  const canvas = root.querySelector('canvas');
  if (canvas)
    return toPng(
      caption
        ? captioned(canvas, canvas.width, canvas.height, caption)
        : onWhite(canvas.width, canvas.height, (ctx) => ctx.drawImage(canvas, 0, 0)),
    );
  const svg = root.querySelector('svg');
  if (!svg) throw new Error('Aucun graphique à exporter');
  const { width, height } = svg.getBoundingClientRect();
  const clone = svg.cloneNode(true) as SVGSVGElement;
  clone.setAttribute('xmlns', 'http://www.w3.org/2000/svg');
  clone.setAttribute('width', String(width));
  clone.setAttribute('height', String(height));
  const url = URL.createObjectURL(new Blob([new XMLSerializer().serializeToString(clone)], { type: 'image/svg+xml' }));
  try {
    const img = new Image();
    img.src = url;
    await img.decode();
    const scale = window.devicePixelRatio || 1;
    const [w, h] = [Math.round(width * scale), Math.round(height * scale)];
    return await toPng(
      caption ? captioned(img, w, h, caption) : onWhite(w, h, (ctx) => ctx.drawImage(img, 0, 0, w, h)),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
