// A minimal reader of the MIME messages Nodemailer writes (mailparser is not installed): unfolded headers,
// RFC 2047 encoded words, the text/plain and text/html parts decoded from quoted-printable or base64, and
// the other leaf parts (inline images) as bytes with their headers.
export interface MailPart {
  contentType: string;
  /** Content-ID without its angle brackets; null when the part has none. */
  contentId: string | null;
  disposition: string | null;
  /** The enclosing multipart's type (multipart/related for an image the HTML shows by cid:). */
  parent: string;
  content: Buffer;
}

export interface ParsedMail {
  headers: Map<string, string>;
  subject: string;
  text: string;
  html: string;
  parts: MailPart[];
}

function splitHead(raw: string): [Map<string, string>, string] {
  const at = raw.indexOf('\r\n\r\n');
  const head = raw.slice(0, at).replace(/\r\n[ \t]+/g, ' ');
  const headers = new Map<string, string>();
  for (const line of head.split('\r\n')) {
    const colon = line.indexOf(':');
    headers.set(line.slice(0, colon).trim().toLowerCase(), line.slice(colon + 1).trim());
  }
  return [headers, raw.slice(at + 4)];
}

const qp = (s: string) =>
  Buffer.from(
    s.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/gi, (_m, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

function decodeWords(value: string): string {
  return value
    .replace(/\?=\s+=\?/g, '?==?')
    .replace(/=\?utf-8\?([QB])\?([^?]*)\?=/gi, (_m, enc: string, text: string) =>
      enc.toUpperCase() === 'B' ? Buffer.from(text, 'base64').toString('utf8') : qp(text.replace(/_/g, ' ')),
    );
}

function decodeBody(headers: Map<string, string>, body: string): string {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  if (encoding === 'quoted-printable') return qp(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

function bytes(headers: Map<string, string>, body: string): Buffer {
  const encoding = (headers.get('content-transfer-encoding') ?? '7bit').toLowerCase();
  return encoding === 'base64' ? Buffer.from(body.replace(/\s+/g, ''), 'base64') : Buffer.from(body, 'latin1');
}

function parts(headers: Map<string, string>, body: string, out: ParsedMail, parent = ''): void {
  const type = headers.get('content-type') ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (type.startsWith('multipart/') && boundary) {
    for (const chunk of body.split(`--${boundary}`).slice(1)) {
      if (chunk.startsWith('--')) break;
      const [h, b] = splitHead(chunk.replace(/^\r\n/, ''));
      parts(h, b.replace(/\r\n$/, ''), out, type.split(';')[0].trim());
    }
  } else if (type.startsWith('text/html')) out.html = decodeBody(headers, body);
  else if (type.startsWith('text/plain')) out.text = decodeBody(headers, body).replace(/\r\n/g, '\n');
  else
    out.parts.push({
      contentType: type.split(';')[0].trim(),
      contentId: /<([^>]+)>/.exec(headers.get('content-id') ?? '')?.[1] ?? null,
      disposition: headers.get('content-disposition')?.split(';')[0].trim() ?? null,
      parent,
      content: bytes(headers, body),
    });
}

export function parseMail(raw: string): ParsedMail {
  const [headers, body] = splitHead(raw);
  const out: ParsedMail = {
    headers,
    subject: decodeWords(headers.get('subject') ?? ''),
    text: '',
    html: '',
    parts: [],
  };
  parts(headers, body, out);
  return out;
}
