// Puts the shell's inline script (server/http/shellScript.ts) at the top of index.html's head: it must run
// before the body is parsed, and its text must be the one whose hash the server's CSP allows.
import type { Plugin } from 'vite';

import { SHELL_SCRIPT } from '../server/http/shellScript';

export function bootFrame(): Plugin {
  return {
    name: 'visio3d:boot-frame',
    transformIndexHtml: {
      order: 'pre',
      handler: (_html, ctx) =>
        ctx.filename.endsWith('/index.html')
          ? [{ tag: 'script', children: SHELL_SCRIPT, injectTo: 'head-prepend' }]
          : [],
    },
  };
}
