import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  requestToken,
  startPlatform,
} from './testing/harness.ts';

let platform: Platform;
let anna: string;
beforeAll(async () => {
  platform = await startPlatform();
  await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
  anna = await loginAs(platform.app, 'anna@acme.example');
});
afterAll(() => platform?.close());

function expectRefused(response: Awaited<ReturnType<typeof call>>): void {
  expect(response.statusCode, response.body).toBe(400);
  expect(errorCode(response)).toBe('InvalidRequest');
}

/** Input PostgreSQL cannot store is a 400 InvalidRequest, never a 500, and changes nothing. */
describe('platform: NUL bytes and unpaired surrogates', () => {
  it.each([
    '/v1/products/%00',
    '/v1/buyers/acme%00',
    '/v1/buyers/acme/users/%00',
    '/v1/orders/Outgoing/%00',
    '/v1/products?ID=a%00',
    '/v1/buyers?Name=*%00*',
    '/v1/products?search=%00',
  ])('refuses GET %s as the admin client', async (url) => {
    expectRefused(await call(platform.app, platform.adminToken, 'GET', url));
  });

  it.each([
    '/v1/me/products?Name=%00',
    '/v1/me/orders?ID=%00',
    '/v1/me/products/%00',
    '/v1/me/addresses/%00',
  ])('refuses GET %s as a shopper', async (url) => {
    expectRefused(await call(platform.app, anna, 'GET', url));
  });

  it('refuses an unpaired surrogate or a NUL in a JSON body and changes nothing', async () => {
    const before = await expectOk<{ FirstName: string }>(await call(platform.app, anna, 'GET', '/v1/me'));
    for (const FirstName of ['Anna \ud800', 'Anna \u0000']) {
      expectRefused(await call(platform.app, anna, 'PATCH', '/v1/me', { FirstName }));
      expectRefused(await call(platform.app, anna, 'PATCH', '/v1/me', { xp: { Note: { [FirstName]: 1 } } }));
    }
    const after = await expectOk<{ FirstName: string }>(await call(platform.app, anna, 'GET', '/v1/me'));
    expect(after).toEqual(before);
  });

  it('refuses a NUL in the token request with an OAuth error', async () => {
    const response = await requestToken(platform.app, {
      grant_type: 'password',
      client_id: 'actuate-storefront',
      username: 'anna@acme.example\u0000',
      password: 'x',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      error: 'invalid_request',
      Errors: [{ ErrorCode: 'InvalidRequest' }],
    });
  });
});
