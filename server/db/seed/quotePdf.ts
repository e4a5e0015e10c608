// A minimal valid PDF (one A4 page, Helvetica, WinAnsi text) holding a quote's lines: enough for the demo
// quotes, without a PDF library. Text is latin-1: French accents are fine, the euro sign is not.
export function quotePdf(lines: string[]): Buffer {
  // fr-FR number grouping uses U+202F: a plain space in latin-1; other characters outside it become '?'.
  const escape = (s: string) =>
    s
      .replace(/[\u202f\u2009]/g, ' ')
      .replace(/[\\()]/g, (c) => `\\${c}`)
      .replace(/[^\x20-\xff]/g, '?');
  const text = lines
    .map((line, i) => `BT /F1 ${i === 0 ? 18 : 12} Tf 56 ${780 - i * 24} Td (${escape(line)}) Tj ET`)
    .join('\n');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R >> >> /Contents 5 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(text, 'latin1')} >>\nstream\n${text}\nendstream`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
