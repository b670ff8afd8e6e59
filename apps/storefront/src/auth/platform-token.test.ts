import { describe, expect, it, vi } from 'vitest';
import { requestPasswordToken, requestRefreshedToken, revokePlatformSession } from './platform-token';

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

describe('revokePlatformSession', () => {
  const session = { platformUrl: 'http://platform.test', clientId: 'actuate-storefront' };
  const calls = (fetch: ReturnType<typeof vi.fn>) =>
    (fetch.mock.calls as unknown as [string, RequestInit][]).map(([url, init]) => ({
      url,
      method: init.method,
      authorization: (init.headers as Record<string, string>).authorization,
      grant: init.body ? new URLSearchParams(init.body as URLSearchParams).get('grant_type') : undefined,
    }));

  it('revokes the tokens with DELETE /v1/me/tokens and the access token', async () => {
    const fetch = answer(204);
    const result = await revokePlatformSession({ ...session, accessToken: 'a1', refreshToken: 'r1', fetch });
    expect(result).toEqual({ ok: true });
    expect(calls(fetch)).toEqual([
      {
        url: 'http://platform.test/v1/me/tokens',
        method: 'DELETE',
        authorization: 'Bearer a1',
        grant: undefined,
      },
    ]);
  });

  it('renews an expired access token with the refresh token to revoke the session', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith('/oauth/token')
        ? new Response(JSON.stringify({ access_token: 'a2', expires_in: 600, refresh_token: 'r2' }), {
            status: 200,
          })
        : new Response(null, { status: 204 }),
    );
    expect(await revokePlatformSession({ ...session, refreshToken: 'r1', fetch })).toEqual({ ok: true });
    expect(calls(fetch)).toEqual([
      {
        url: 'http://platform.test/oauth/token',
        method: 'POST',
        authorization: undefined,
        grant: 'refresh_token',
      },
      {
        url: 'http://platform.test/v1/me/tokens',
        method: 'DELETE',
        authorization: 'Bearer a2',
        grant: undefined,
      },
    ]);
  });

  it('has nothing to revoke when the platform already refuses both tokens', async () => {
    const fetch = vi.fn(async (url: string | URL | Request) =>
      String(url).endsWith('/oauth/token')
        ? new Response(JSON.stringify({ error: 'invalid_grant' }), { status: 400 })
        : new Response(null, { status: 401 }),
    );
    expect(await revokePlatformSession({ ...session, accessToken: 'a1', refreshToken: 'r1', fetch })).toEqual(
      {
        ok: true,
      },
    );
    expect(await revokePlatformSession({ ...session, fetch })).toEqual({ ok: true });
  });

  it('reports an unreachable or failing platform without throwing', async () => {
    const unreachable = vi.fn(async () => {
      throw new TypeError('fetch failed');
    });
    expect(await revokePlatformSession({ ...session, accessToken: 'a1', fetch: unreachable })).toEqual({
      ok: false,
      detail: 'fetch failed',
    });
    expect(await revokePlatformSession({ ...session, accessToken: 'a1', fetch: answer(503) })).toEqual({
      ok: false,
      detail: 'platform answered 503',
    });
  });
});
