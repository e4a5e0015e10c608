// fetch() answered by the real server through app.inject, for the worker's engine in the API tests
// (tests/api/analytics-engine*.test.ts): the engine runs in Node and its requests never leave the process.
import type { LightMyRequestResponse } from 'fastify';

import type { TestApp } from './app';
import { urlOf } from './requestUrl';

/** `app` is read at each call (the test app is made in beforeAll); `seen` hears every answer. */
export function serverFetch(
  app: () => TestApp['app'],
  seen: (url: string, res: LightMyRequestResponse) => void = () => undefined,
): typeof fetch {
  return async (input: string | URL | Request, init?: RequestInit) => {
    const url = urlOf(input);
    const res = await app().inject({ method: 'GET', url, headers: init?.headers as Record<string, string> });
    seen(url, res);
    return new Response(res.statusCode === 304 ? null : new Uint8Array(res.rawPayload), {
      status: res.statusCode,
      headers: res.headers as Record<string, string>,
    });
  };
}
