// Builds the sales app's multipart body for POST /api/Propositions (customerId, description, pdf, video).
import fs from 'node:fs';
import path from 'node:path';

import { quotePdf } from '../../server/db/seed/quotePdf';

export const demoVideo = () =>
  fs.readFileSync(path.resolve(import.meta.dirname, '../../server/db/seed/fixtures/demo-video.mp4'));
export const demoPdf = (title = 'Devis de test') => quotePdf([title, 'Montant HT : 1 000 EUR']);

export interface Part {
  name: string;
  value: string | Buffer;
  filename?: string;
  type?: string;
}

export function multipart(parts: Part[]) {
  const boundary = `----v3d${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    const disposition = `form-data; name="${p.name}"${p.filename ? `; filename="${p.filename}"` : ''}`;
    const head = `--${boundary}\r\nContent-Disposition: ${disposition}\r\n${p.filename ? `Content-Type: ${p.type ?? 'application/octet-stream'}\r\n` : ''}\r\n`;
    chunks.push(Buffer.from(head), Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value), Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** The usual form: a PDF quote and, unless null, the demo MP4. */
export function propositionForm(
  customerId: number,
  opts: { description?: string; pdf?: Buffer; video?: Buffer | null; pdfName?: string; videoName?: string } = {},
) {
  const parts: Part[] = [
    { name: 'customerId', value: String(customerId) },
    { name: 'description', value: opts.description ?? 'Cuisine sur mesure' },
    { name: 'pdf', value: opts.pdf ?? demoPdf(), filename: opts.pdfName ?? 'devis.pdf', type: 'application/pdf' },
  ];
  if (opts.video !== null)
    parts.push({
      name: 'video',
      value: opts.video ?? demoVideo(),
      filename: opts.videoName ?? 'video.mp4',
      type: 'video/mp4',
    });
  return multipart(parts);
}
