// Files shown through object URLs (src/api/queries/objectUrls.ts): each URL is revoked when its query
// leaves the cache or holds a new one, so no downloaded blob outlives the screens that show it.
import { QueryClient, QueryObserver } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';

import { objectUrlKeys, objectUrlQuery, revokeObjectUrls } from '../../src/api/queries/objectUrls';

const blob = () => Promise.resolve(new Blob(['image']));

function setup() {
  const client = new QueryClient();
  const stop = revokeObjectUrls(client.getQueryCache());
  const revoked: string[] = [];
  const real = URL.revokeObjectURL.bind(URL);
  vi.spyOn(URL, 'revokeObjectURL').mockImplementation((url) => {
    revoked.push(url);
    real(url);
  });
  return { client, revoked, stop };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('object URL queries', () => {
  it('revoke the URL once the last reader is gone and the query is collected', async () => {
    vi.useFakeTimers();
    const { client, revoked, stop } = setup();
    const options = objectUrlQuery(objectUrlKeys.catalogueFile('images/a.png'), blob, 1000);
    const observer = new QueryObserver(client, options);
    const unsubscribe = observer.subscribe(() => {});
    await vi.waitFor(() => expect(observer.getCurrentResult().data).toMatch(/^blob:/));
    const url = observer.getCurrentResult().data;
    unsubscribe();
    expect(revoked).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    expect(revoked).toEqual([url]);
    stop();
  });

  it('revoke every URL when the cache is cleared (logout)', async () => {
    const { client, revoked, stop } = setup();
    const a = await client.fetchQuery(objectUrlQuery(objectUrlKeys.catalogueFile('a.png'), blob));
    const b = await client.fetchQuery(objectUrlQuery(objectUrlKeys.video(7), blob));
    client.clear();
    expect(revoked.sort()).toEqual([a, b].sort());
    stop();
  });

  it('revoke the former URL when the query holds a new one', async () => {
    const { client, revoked, stop } = setup();
    const options = objectUrlQuery(objectUrlKeys.video(3), blob);
    const first = await client.fetchQuery(options);
    const second = await client.fetchQuery({ ...options, staleTime: 0 });
    expect(second).not.toBe(first);
    expect(revoked).toEqual([first]);
    client.clear();
    expect(revoked).toEqual([first, second]);
    stop();
  });

  it('leave the other queries alone', async () => {
    const { client, revoked, stop } = setup();
    await client.fetchQuery({ queryKey: ['customers'], queryFn: () => 'blob:not-ours' });
    client.clear();
    expect(revoked).toEqual([]);
    stop();
  });
});
