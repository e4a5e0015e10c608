// "Exporter PNG": a chart card's drawing as a PNG file. uPlot draws on a canvas (taken as it is, on white);
// the doughnut is SVG (drawn onto a canvas through an image first).
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

/** The PNG of the first canvas (or else SVG) inside `root`. */
export async function chartPng(root: HTMLElement): Promise<Blob> {
  const canvas = root.querySelector('canvas');
  if (canvas) return toPng(onWhite(canvas.width, canvas.height, (ctx) => ctx.drawImage(canvas, 0, 0)));
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
    return await toPng(
      onWhite(Math.round(width * scale), Math.round(height * scale), (ctx) =>
        ctx.drawImage(img, 0, 0, width * scale, height * scale),
      ),
    );
  } finally {
    URL.revokeObjectURL(url);
  }
}
