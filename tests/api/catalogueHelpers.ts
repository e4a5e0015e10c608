// Multipart bodies for app.inject, and the catalogue fixtures as bytes.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

export const fixture = (name: string) => fs.readFileSync(path.join('server/db/seed/fixtures/catalogue', name));

export type Part = [name: string, value: string] | [name: string, data: Buffer, filename: string];

export function multipart(parts: Part[]) {
  const boundary = `----v3d${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    if (p.length === 2) {
      chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${p[0]}"\r\n\r\n${p[1]}\r\n`));
    } else {
      chunks.push(
        Buffer.from(
          `--${boundary}\r\nContent-Disposition: form-data; name="${p[0]}"; filename="${p[2]}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
        p[1],
        Buffer.from('\r\n'),
      );
    }
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}

/** Every file stored under the test's files directory (to prove a rejected upload stored nothing). */
export function storedFiles(filesDir: string): string[] {
  const dir = path.join(filesDir, 'catalogue');
  return fs.existsSync(dir) ? fs.readdirSync(dir).sort() : [];
}
