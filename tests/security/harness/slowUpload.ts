// An upload over real HTTP whose body the test sends piece by piece (chunked, or with a declared length it
// never reaches): to see the server answer before the body is over, hold uploads open, or cut them.
import http from 'node:http';

import { multipart, type Part } from './multipart';

export interface SlowUpload {
  /** The answer, whenever it comes (the body may still be open). */
  response: Promise<{ status: number; body: any }>;
  /** Bytes of the body written so far. */
  sent(): number;
  /** More bytes of the last file part. */
  write(bytes: Buffer): Promise<void>;
  /** Closes the last part and the body. */
  finish(): void;
  /** Drops the connection. */
  abort(): void;
}

/** Starts a multipart POST: every part whole, the last one left open for write(). */
export function slowUpload(
  base: string,
  url: string,
  token: string,
  parts: Part[],
  headers: Record<string, string> = {},
): SlowUpload {
  const form = multipart(parts);
  const boundary = /boundary=(.+)$/.exec(form.headers['content-type'])![1];
  const trailer = Buffer.from(`\r\n--${boundary}--\r\n`);
  const head = form.payload.subarray(0, form.payload.length - trailer.length);
  let sent = 0;
  const req = http.request(`${base}${url}`, {
    method: 'POST',
    headers: { ...form.headers, authorization: `Bearer ${token}`, ...headers },
  });
  const response = new Promise<{ status: number; body: any }>((resolve, reject) => {
    req.on('response', (res) => {
      let text = '';
      res.on('data', (d) => (text += d));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : null }));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
  response.catch(() => undefined);
  const write = (bytes: Buffer) =>
    new Promise<void>((resolve, reject) => {
      sent += bytes.length;
      req.write(bytes, (err) => (err ? reject(err) : resolve()));
    });
  void write(head).catch(() => undefined);
  return {
    response,
    sent: () => sent,
    write,
    finish: () => req.end(trailer),
    abort: () => req.destroy(),
  };
}

/** Resolves with the answer, or with null if none came within `ms`. */
export const within = <T>(p: Promise<T>, ms: number) =>
  Promise.race([p, new Promise<null>((r) => setTimeout(() => r(null), ms))]);
