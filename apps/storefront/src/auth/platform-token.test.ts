import { describe, expect, it, vi } from 'vitest';
import { requestPasswordToken, requestRefreshedToken } from './platform-token';

function answer(status: number, body?: unknown) {
  return vi.fn(async () => new Response(body === undefined ? null : JSON.stringify(body), { status }));
}

const base = {
  platformUrl: 'http://platform.test',
  clientId: 'actuate-storefront',
  username: 'u',
  password: 'p',
};

describe('requestPasswordToken', () => {
  it('posts an OrderCloud password grant and returns the token', async () => {
    const fetch = answer(200, { access_token: 'abc', expires_in: 36000, token_type: 'bearer' });
    const result = await requestPasswordToken({ ...base, fetch });
    expect(result).toEqual({ ok: true, accessToken: 'abc', expiresIn: 36000 });
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect(url).toBe('http://platform.test/oauth/token');
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get('grant_type')).toBe('password');
    expect(body.get('client_id')).toBe('actuate-storefront');
    expect(body.get('username')).toBe('u');
    expect(body.get('scope')).toContain('Shopper');
  });

  it("forwards the visitor's address, so the platform throttles failed logins per address", async () => {
    const fetch = answer(200, { access_token: 'abc', expires_in: 36000 });
    await requestPasswordToken({ ...base, clientAddress: '203.0.113.7', fetch });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    expect((init.headers as Record<string, string>)['x-forwarded-for']).toBe('203.0.113.7');
  });

  it('maps refusals to typed failures', async () => {
    expect(
      await requestPasswordToken({ ...base, fetch: answer(400, { error: 'invalid_grant' }) }),
    ).toMatchObject({
      ok: false,
      reason: 'invalid-credentials',
    });
    expect(await requestPasswordToken({ ...base, fetch: answer(429) })).toMatchObject({
      reason: 'too-many-attempts',
    });
    expect(await requestPasswordToken({ ...base, fetch: answer(503) })).toMatchObject({
      reason: 'unavailable',
    });
    expect(await requestPasswordToken({ ...base, fetch: answer(200, { nope: 1 }) })).toMatchObject({
      reason: 'unavailable',
    });
  });

  it('reports an unreachable platform as unavailable', async () => {
    const fetch = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await requestPasswordToken({ ...base, fetch })).toMatchObject({
      ok: false,
      reason: 'unavailable',
    });
  });
});

describe('requestRefreshedToken', () => {
  it('posts a refresh_token grant and returns the rotated refresh token', async () => {
    const fetch = answer(200, { access_token: 'new', expires_in: 600, refresh_token: 'r2' });
    const result = await requestRefreshedToken({
      platformUrl: 'http://platform.test',
      clientId: 'actuate-storefront',
      refreshToken: 'r1',
      fetch,
    });
    expect(result).toEqual({ ok: true, accessToken: 'new', expiresIn: 600, refreshToken: 'r2' });
    const [, init] = fetch.mock.calls[0] as unknown as [string, RequestInit];
    const body = new URLSearchParams(init.body as URLSearchParams);
    expect(body.get('grant_type')).toBe('refresh_token');
    expect(body.get('refresh_token')).toBe('r1');
  });

  it('reports a rejected refresh token as invalid credentials', async () => {
    const result = await requestRefreshedToken({
      platformUrl: 'http://platform.test',
      clientId: 'actuate-storefront',
      refreshToken: 'r1',
      fetch: answer(400, { error: 'invalid_grant' }),
    });
    expect(result).toMatchObject({ ok: false, reason: 'invalid-credentials' });
  });
});
