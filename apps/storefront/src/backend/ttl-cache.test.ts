import { describe, expect, it, vi } from 'vitest';
import { TtlCache, tokenKey } from './ttl-cache';

describe('TtlCache', () => {
  it('reuses an answer until its time to live has passed, then loads again', async () => {
    let now = 1_000;
    const cache = new TtlCache<string>(3_000, 10, () => now);
    const load = vi.fn(async () => `answer ${load.mock.calls.length}`);
    expect(await cache.get('k', load)).toBe('answer 1');
    now += 3_000;
    expect(await cache.get('k', load)).toBe('answer 1');
    now += 1;
    expect(await cache.get('k', load)).toBe('answer 2');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('shares a load in flight and keeps no failed load', async () => {
    const cache = new TtlCache<string>(60_000);
    let fail = true;
    const load = vi.fn(async () => {
      if (fail) throw new Error('platform down');
      return 'ok';
    });
    const [a, b] = await Promise.allSettled([cache.get('k', load), cache.get('k', load)]);
    expect(a.status).toBe('rejected');
    expect(b.status).toBe('rejected');
    expect(load).toHaveBeenCalledTimes(1);
    fail = false;
    expect(await cache.get('k', load)).toBe('ok');
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('forgets the entries under a prefix only', async () => {
    const cache = new TtlCache<string>(60_000);
    await cache.get('a|me', async () => 'a');
    await cache.get('ab|me', async () => 'ab');
    cache.forget('a|');
    expect(await cache.get('a|me', async () => 'a again')).toBe('a again');
    expect(await cache.get('ab|me', async () => 'ab again')).toBe('ab');
  });

  it('holds at most maxEntries, dropping the least recently used', async () => {
    const cache = new TtlCache<number>(60_000, 2);
    await cache.get('1', async () => 1);
    await cache.get('2', async () => 2);
    await cache.get('3', async () => 3);
    expect(cache.size).toBe(2);
    expect(await cache.get('1', async () => 10)).toBe(10);
  });
});

describe('tokenKey', () => {
  it('keys a token by a hash, never the token itself', () => {
    const token = 'header.payload.signature';
    expect(tokenKey(token)).not.toContain('payload');
    expect(tokenKey(token)).toBe(tokenKey(token));
    expect(tokenKey(token)).not.toBe(tokenKey(`${token}x`));
  });
});
