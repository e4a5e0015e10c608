// Vite plugin: PrimeReact's CSS reduced to what the app uses (docs/performance.md).
// - The Lara theme's own Inter faces (347 KB + 381 KB) are dropped: src/fonts.css declares a Latin subset.
// - primeicons keeps its woff2 only (every supported browser takes it), preloaded from index.html so icons
//   do not change size late.
// - Colours that fail WCAG AA contrast are darkened (ACCESSIBLE_COLOURS).
// - Every theme and primeicons rule whose selectors name a PrimeReact class (p-…) or an icon (pi-…) that
//   neither the app's sources nor the PrimeReact modules they import contain is dropped: the theme styles
//   ~90 components, the app uses about twenty. Classes built at run time from a prefix
//   (`p-button-${severity}`) are kept through that prefix.
import fs from 'node:fs';
import path from 'node:path';
import vm from 'node:vm';

import postcss, { type Root, type Rule } from 'postcss';
import type { Plugin } from 'vite';

const THEME = /primereact\/resources\/themes\/[^/]+\/theme\.css$/;
const PRIMEICONS = /primeicons\/primeicons\.css$/;
const CLASS = /\.((?:p|pi)-[a-z0-9-]+)/g;
const PRIMEICONS_MAP = /[A-Z_]+\s*:\s*[`'"]pi pi-[a-z0-9-]+[`'"]/g;
const TOKEN = /\b(?:p|pi)-[a-z0-9-]+/g;

/** True when every PrimeReact class of the selector exists in the built code (exactly or by prefix). */
/** Lara's colours that fail WCAG AA (4.5:1) as text or under white text, and their darker shades (the next
 * Tailwind step; hover and active states shift with them). White on #6366f1 is 4.47:1, on #4f46e5 6.29:1;
 * the error text #ff5757 is 2.64:1 on its tint, #b91c1c 5.49:1. Replaced in one pass (no chaining). */
export const ACCESSIBLE_COLOURS: Record<string, string> = {
  '#6366f1': '#4f46e5',
  '#4f46e5': '#4338ca',
  '#4338ca': '#3730a3', // primary (indigo)
  '#ef4444': '#dc2626',
  '#dc2626': '#b91c1c',
  '#b91c1c': '#991b1b', // danger
  '#22c55e': '#15803d',
  '#16a34a': '#166534',
  '#15803d': '#14532d', // success
  '#f97316': '#c2410c',
  '#ea580c': '#9a3412',
  '#c2410c': '#7c2d12', // warning
  '#0ea5e9': '#0369a1',
  '#0284c7': '#075985',
  '#0369a1': '#0c4a6e', // info
  '#a855f7': '#7e22ce',
  '#9333ea': '#6b21a8',
  '#7e22ce': '#581c87', // help
  '#3b82f6': '#1d4ed8',
  '#1ea97c': '#047857',
  '#cc8925': '#92400e',
  '#ff5757': '#b91c1c', // messages, toasts
};

export function accessibleColours(css: string): string {
  return css.replace(/#[0-9a-f]{6}\b/gi, (hex) => ACCESSIBLE_COLOURS[hex.toLowerCase()] ?? hex);
}

export function selectorUsed(selector: string, used: Set<string>, prefixes: string[]): boolean {
  for (const [, cls] of selector.matchAll(CLASS)) {
    if (!used.has(cls) && !prefixes.some((p) => cls.startsWith(p))) return false;
  }
  return true;
}

export function trimCss(root: Root, used: Set<string>, prefixes: string[]): void {
  root.walkRules((rule: Rule) => {
    if (rule.parent?.type === 'atrule' && /keyframes/i.test((rule.parent as { name: string }).name)) return;
    const kept = rule.selectors.filter((s) => selectorUsed(s, used, prefixes));
    if (kept.length === 0) rule.remove();
    else if (kept.length !== rule.selectors.length) rule.selectors = kept;
  });
  root.walkAtRules((at) => {
    if (at.name !== 'font-face' && at.nodes && at.nodes.length === 0) at.remove();
  });
}

/** Tokens p-…/pi-… of the app's sources and of every PrimeReact module they reach (followed through
 * their own primereact/… imports). Computed from sources, before bundling, so the trimmed CSS is what its
 * content hash covers (hashed assets are served as immutable). */
export function usedTokens(root: string): { used: Set<string>; prefixes: string[]; modules: string[] } {
  const used = new Set<string>();
  const seen = new Set<string>();
  const queue: string[] = [];
  const scan = (code: string) => {
    for (const [token] of code.replace(PRIMEICONS_MAP, '').matchAll(TOKEN)) used.add(token);
    for (const [, spec] of code.matchAll(/from\s*['"](primereact\/[a-z0-9/]+)['"]/g))
      if (!seen.has(spec)) {
        seen.add(spec);
        queue.push(spec);
      }
  };
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (/\.(tsx?|jsx?)$/.test(entry.name)) scan(fs.readFileSync(full, 'utf8'));
    }
  };
  walk(path.join(root, 'src'));
  while (queue.length) {
    const dir = path.join(root, 'node_modules', queue.pop()!);
    const pkg = path.join(dir, 'package.json');
    if (!fs.existsSync(pkg)) continue;
    const entry = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { module?: string }).module;
    if (entry) scan(fs.readFileSync(path.join(dir, entry), 'utf8'));
  }
  // A prefix such as "p-button-" (a template literal in the code); too short ones would keep everything.
  return { used, prefixes: [...used].filter((t) => t.endsWith('-') && t.length >= 5), modules: [...seen].sort() };
}

/** The CSS PrimeReact injects at run time when a component first mounts (module-level string constants
 * such as `var styles = "@layer primereact {…}"`), read from the modules' sources. Injected after the first
 * paint, it moved content (the login's password group wrapped then unwrapped: CLS 0.07); served in the
 * stylesheet it is there from the first paint. The later injection repeats the same rules in the same
 * layer, so the cascade does not change. */
export function runtimeStyles(root: string, modules: string[]): string {
  const out: string[] = [];
  for (const spec of ['primereact/componentbase', ...modules.filter((m) => m !== 'primereact/componentbase')]) {
    const dir = path.join(root, 'node_modules', spec);
    const pkg = path.join(dir, 'package.json');
    if (!fs.existsSync(pkg)) continue;
    const entry = (JSON.parse(fs.readFileSync(pkg, 'utf8')) as { module?: string }).module;
    if (!entry) continue;
    const code = fs.readFileSync(path.join(dir, entry), 'utf8');
    const sandbox: Record<string, unknown> = {};
    const names: string[] = [];
    for (const [line, name] of code.matchAll(/^var ([\w$]+) = "(?:[^"\\\n]|\\.)*"(?:\.concat\([^;\n]*\))?;$/gm)) {
      try {
        vm.runInNewContext(line.replace(/^var /, 'globalThis.'), sandbox);
        names.push(name);
      } catch {
        /* refers to something that is not a string constant: not CSS */
      }
    }
    // A few components declare theirs inline: `css: { styles: "…" }`.
    for (const [, literal] of code.matchAll(/^\s+styles: ("(?:[^"\\\n]|\\.)*"),?$/gm)) {
      sandbox[`inline${names.length}`] = JSON.parse(literal);
      names.push(`inline${names.length}`);
    }
    // Constants folded into others (commonStyle concatenates buttonStyles…) appear once, inside them.
    const css = names.map((n) => String(sandbox[n])).filter((v) => /[.@][\w-]+[^{]*\{/.test(v));
    const kept = css.filter((v) => !css.some((other) => other !== v && other.includes(v)));
    if (kept.length) out.push(`/* ${spec} */`, ...kept);
  }
  return out.join('\n');
}

const RUNTIME_ID = 'virtual:primereact-runtime.css';

export function primeCss(root = process.cwd()): Plugin {
  let tokens: ReturnType<typeof usedTokens> | undefined;
  return {
    name: 'visio3d-prime-css',
    enforce: 'pre',
    buildStart() {
      tokens = undefined;
    },
    resolveId(id) {
      return id === RUNTIME_ID ? `\0${RUNTIME_ID}` : null;
    },
    load(id) {
      if (id !== `\0${RUNTIME_ID}`) return null;
      tokens ??= usedTokens(root);
      const css = postcss.parse(runtimeStyles(root, tokens.modules));
      trimCss(css, tokens.used, tokens.prefixes);
      return css.toString();
    },
    transform(code, id) {
      const file = id.split('?')[0];
      if (!THEME.test(file) && !PRIMEICONS.test(file)) return null;
      tokens ??= usedTokens(root);
      const css = postcss.parse(THEME.test(file) ? accessibleColours(code) : code);
      if (THEME.test(file)) css.walkAtRules('font-face', (at) => void at.remove());
      else
        css.walkAtRules('font-face', (at) => {
          at.walkDecls('src', (d) => void d.remove());
          at.append({ prop: 'src', value: "url('./fonts/primeicons.woff2') format('woff2')" });
        });
      trimCss(css, tokens.used, tokens.prefixes);
      return { code: css.toString(), map: null };
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        // The public viewer page (docs/viewer.md) shows no icon: a phone would download the font for nothing.
        if (ctx.path === '/viewer.html') return [];
        const font = Object.keys(ctx.bundle ?? {}).find((f) => /primeicons.*\.woff2$/.test(f));
        if (!font) return [];
        return [
          {
            tag: 'link',
            attrs: { rel: 'preload', href: `/${font}`, as: 'font', type: 'font/woff2', crossorigin: '' },
            injectTo: 'head',
          },
        ];
      },
    },
  };
}
