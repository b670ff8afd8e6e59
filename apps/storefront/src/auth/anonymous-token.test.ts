import { describe, expect, it, vi } from 'vitest';
import { AnonymousTokenUnavailable, anonymousTokenCache, RENEW_BEFORE_MS } from './anonymous-token';
import type { TokenResult } from './platform-token';

const issued = (accessToken: string, expiresIn = 3600): TokenResult => ({ ok: true, accessToken, expiresIn });

describe('anonymousTokenCache', () => {
  it('shares one token until shortly before it expires, and one request among concurrent callers', async () => {
    let clock = 0;
    let count = 0;
    const request = vi.fn(async () => issued(`t${++count}`));
    const cache = anonymousTokenCache(request, () => clock);
    expect(await Promise.all([cache.token(), cache.token()])).toEqual(['t1', 't1']);
    clock = 3600_000 - RENEW_BEFORE_MS - 1;
    expect(await cache.token()).toBe('t1');
    clock += 1;
    expect(await cache.token()).toBe('t2');
    expect(request).toHaveBeenCalledTimes(2);
  });

  it('asks again after forget, and reports a refusal without caching it', async () => {
    const request = vi
      .fn<() => Promise<TokenResult>>()
      .mockResolvedValueOnce({ ok: false, reason: 'invalid-credentials' })
      .mockResolvedValueOnce(issued('a'))
      .mockResolvedValueOnce(issued('b'));
    const cache = anonymousTokenCache(request, () => 0);
    await expect(cache.token()).rejects.toBeInstanceOf(AnonymousTokenUnavailable);
    expect(await cache.token()).toBe('a');
    cache.forget();
    expect(await cache.token()).toBe('b');
  });
});
