// The demo quote PDF: a well-formed file (header, cross-reference offsets, trailer) holding the text.
import { describe, expect, it } from 'vitest';

import { quotePdf } from '../../server/db/seed/quotePdf';

describe('quotePdf', () => {
  const pdf = quotePdf(['Devis n° 12', 'Client : Léa (Robert)', `Montant HT : ${(4200).toLocaleString('fr-FR')} EUR`]);
  const text = pdf.toString('latin1');

  it('starts with %PDF- and ends with %%EOF', () => {
    expect(text.startsWith('%PDF-1.4')).toBe(true);
    expect(text.trimEnd().endsWith('%%EOF')).toBe(true);
  });

  it('has a cross-reference table whose offsets point at each object', () => {
    const startxref = Number(/startxref\n(\d+)/.exec(text)![1]);
    expect(text.slice(startxref, startxref + 4)).toBe('xref');
    const offsets = [...text.slice(startxref).matchAll(/^(\d{10}) 00000 n $/gm)].map((m) => Number(m[1]));
    expect(offsets).toHaveLength(5);
    offsets.forEach((o, i) => expect(text.slice(o, o + 8)).toBe(`${i + 1} 0 obj\n`));
  });

  it('holds the lines in latin-1, parentheses escaped, French grouping spaces kept', () => {
    expect(text).toContain('(Devis n\xb0 12) Tj');
    expect(text).toContain('(Client : L\xe9a \\(Robert\\)) Tj');
    expect(text).toContain('(Montant HT : 4 200 EUR) Tj');
  });
});
