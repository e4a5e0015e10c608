// No pattern of the product may backtrack more than linearly (docs/security-dos.md): every regular
// expression literal written in domain and server (found by the TypeScript scanner, so a pattern
// added tomorrow is checked tomorrow) and every RegExp the shared patterns module exports goes through
// recheck, which answers "safe" only when it proved the matching time linear. The crawler list's patterns
// that server/collect/bots.ts keeps as regular expressions (built at runtime from the installed
// list, so the scanner cannot see them) are checked too.
import fs from 'node:fs';
import path from 'node:path';

import { checkSync } from 'recheck';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

import * as patterns from '#domain/patterns';
import * as text from '#domain/text';

import { crawlerRegexes } from '../../server/collect/bots';

const ROOT = path.resolve(import.meta.dirname, '../..');
const DIRS = ['domain', 'server'];

function tsFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.isDirectory()) return e.name === 'migrations' ? [] : tsFiles(full);
    return /\.tsx?$/.test(e.name) ? [full] : [];
  });
}

/** Every regular expression literal of a file, as [source, flags]. */
function literals(file: string): Array<{ source: string; flags: string; where: string }> {
  const out: Array<{ source: string; flags: string; where: string }> = [];
  const src = ts.createSourceFile(file, fs.readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
  const visit = (node: ts.Node) => {
    if (node.kind === ts.SyntaxKind.RegularExpressionLiteral) {
      const raw = node.getText(src);
      const end = raw.lastIndexOf('/');
      const line = src.getLineAndCharacterOfPosition(node.getStart(src)).line + 1;
      out.push({ source: raw.slice(1, end), flags: raw.slice(end + 1), where: `${path.relative(ROOT, file)}:${line}` });
    }
    ts.forEachChild(node, visit);
  };
  visit(src);
  return out;
}

const found = DIRS.flatMap((d) => tsFiles(path.join(ROOT, d))).flatMap(literals);
const exported = Object.entries({ ...patterns, ...text })
  .filter((e): e is [string, RegExp] => e[1] instanceof RegExp)
  .map(([name, re]) => ({ source: re.source, flags: re.flags, where: `domain export ${name}` }))
  .concat(
    crawlerRegexes.map((re) => ({ source: re.source, flags: re.flags, where: `bots.ts crawler pattern ${re.source}` })),
  );

describe('regular expressions of the product', () => {
  it('finds the patterns (the scan works)', () => {
    expect(found.length).toBeGreaterThan(20);
    expect(found.some((r) => r.where.startsWith('domain/patterns.ts'))).toBe(true);
    expect(exported.map((e) => e.where)).toContain('domain export MAIL');
    expect(crawlerRegexes.length).toBeGreaterThan(0);
  });

  it('recheck tells a super-linear pattern apart (the checker works offline)', () => {
    expect(checkSync('^[^\\s@]+@[^\\s@]+\\.[^\\s@]+$', '').status).toBe('vulnerable');
    expect(checkSync('^(a+)+$', '').status).toBe('vulnerable');
  });

  it.each([...exported, ...found].map((r) => [r.where, r] as const))('%s is linear', (_where, r) => {
    const diagnostics = checkSync(r.source, r.flags);
    expect({
      pattern: `/${r.source}/${r.flags}`,
      status: diagnostics.status,
      complexity: diagnostics.status === 'vulnerable' ? diagnostics.complexity : undefined,
    }).toEqual({
      pattern: `/${r.source}/${r.flags}`,
      status: 'safe',
      complexity: undefined,
    });
  });
});
