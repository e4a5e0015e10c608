// The nginx configuration of deploy/ agrees with the server: its body limit is the largest form a route
// takes (docs/uploads.md, "Limits per route"), so nginx never refuses an upload the server would accept,
// and compression and retries are set as docs/deploy.md says.
import fs from 'node:fs';
import path from 'node:path';

import { describe, expect, it } from 'vitest';

import { PRODUCT_FILES } from '#domain/product';

import { PDF_MAX_BYTES, VIDEO_MAX_BYTES } from '../../server/customers/routes/propositionCreate';
import { BROWSER_GLB_RULE } from '../../server/files/browserConversion';

const MiB = 1024 * 1024;
const proxy = fs.readFileSync(path.resolve(import.meta.dirname, '../../deploy/nginx/visio3d-proxy.conf'), 'utf8');
const directives = proxy
  .split('\n')
  .map((line) => line.replace(/#.*/, '').trim())
  .filter(Boolean);
const directive = (name: string) => directives.find((d) => d.startsWith(`${name} `));

describe('deploy/nginx/visio3d-proxy.conf', () => {
  it('lets through the largest form a route accepts, and no more', () => {
    // The whole-form limit of server/files/receiveUpload.ts: what the rules allow plus 1 MiB of fields.
    const product = [...Object.values(PRODUCT_FILES), BROWSER_GLB_RULE].reduce((n, r) => n + r.max * r.maxBytes, 0);
    const proposition = PDF_MAX_BYTES + VIDEO_MAX_BYTES;
    const largest = Math.max(product, proposition) + MiB;
    expect(directive('client_max_body_size')).toBe(`client_max_body_size ${largest / MiB}m;`);
  });

  it('leaves compression to the server and never retries a POST', () => {
    expect(directive('gzip')).toBe('gzip off;');
    const retry = directive('proxy_next_upstream');
    expect(retry).toBe('proxy_next_upstream error timeout http_502 http_503;');
    expect(proxy).not.toMatch(/^[^#]*non_idempotent/m);
  });
});
