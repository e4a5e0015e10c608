// A viewer page's visit as tests send it: the visit token the page receives with its data
// (GET /api/viewer/{key}?session=…, server/collect/visitTokens.ts), then its batch to POST /api/collect
// with the browser's agent and a same-origin post, as the real page does (src/viewer/collector.ts).

export const BROWSER_AGENT =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36';

/** What the tests' server answers: `app.inject` (remoteAddress) or a real process through fetch. */
export type Send = (
  method: 'GET' | 'POST',
  url: string,
  body?: string,
) => Promise<{ status: number; json: () => unknown }>;

/** `send` for `app.inject` from one address (each visit from its own address keeps per-address caps away). */
export function injectSend(
  app: { inject: (o: object) => Promise<{ statusCode: number; json: () => unknown }> },
  remoteAddress: string,
): Send {
  return async (method, url, body) => {
    const res = await app.inject({
      method,
      url,
      remoteAddress,
      headers: { 'user-agent': BROWSER_AGENT, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      ...(body === undefined ? {} : { payload: body }),
    });
    return { status: res.statusCode, json: () => res.json() };
  };
}

/** `send` for a real server: fetch from Node (its address is loopback; the agent is set explicitly). */
export function fetchSend(baseUrl: string): Send {
  return async (method, url, body) => {
    const res = await fetch(`${baseUrl}${url}`, {
      method,
      headers: { 'user-agent': BROWSER_AGENT, 'sec-fetch-site': 'same-origin', 'content-type': 'application/json' },
      body,
    });
    const text = await res.text();
    return { status: res.status, json: () => JSON.parse(text) as unknown };
  };
}

/** One visit: its token, then one batch of these event types. Resolves to POST /api/collect's status. */
export async function sendVisit(send: Send, key: string, sessionId: string, types: string[]): Promise<number> {
  const viewer = await send('GET', `/api/viewer/${key}?session=${encodeURIComponent(sessionId)}`);
  if (viewer.status !== 200) throw new Error(`GET /api/viewer/${key}: ${viewer.status}`);
  const grant = (viewer.json() as { visit?: { token: string } | null }).visit;
  if (!grant) throw new Error('no visit token (too many visits from this address?)');
  const batch = { key, sessionId, visit: grant.token, events: types.map((type) => ({ type })) };
  return (await send('POST', '/api/collect', JSON.stringify(batch))).status;
}
