import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';
import { containsCardNumber } from './service.ts';

type Body = Record<string, unknown>;

describe('/me/creditcards: tokens and last four digits only', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  let bo: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    [anna, bo] = await Promise.all([
      loginAs(platform.app, 'anna@acme.example'),
      loginAs(platform.app, 'bo@acme.example'),
    ]);
  });
  afterAll(async () => {
    await platform?.close();
  });

  it('saves, lists, patches and deletes one’s own cards', async () => {
    const card = await expectOk<Body>(
      await as(anna)('POST', '/v1/me/creditcards', {
        ID: 'visa',
        Token: 'gw_tok_8f2a1c',
        CardType: 'Visa',
        PartialAccountNumber: '1111',
        CardholderName: 'Anna Jensen',
        ExpirationDate: '2030-03-31T00:00:00.000Z',
      }),
      201,
    );
    expect(card).toMatchObject({
      ID: 'visa',
      Editable: true,
      PartialAccountNumber: '1111',
      Token: 'gw_tok_8f2a1c',
    });
    expect(await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/me/creditcards'))).toMatchObject({
      Items: [{ ID: 'visa' }],
    });
    await expectOk(await as(anna)('PATCH', '/v1/me/creditcards/visa', { CardholderName: 'A. Jensen' }));
    expect(await expectOk<Body>(await as(anna)('GET', '/v1/me/creditcards/visa'))).toMatchObject({
      CardholderName: 'A. Jensen',
      CardType: 'Visa',
    });
    // Someone else's card does not exist for bo.
    expect((await as(bo)('GET', '/v1/me/creditcards/visa')).statusCode).toBe(404);
    expect(await expectOk<{ Items: Body[] }>(await as(bo)('GET', '/v1/me/creditcards'))).toMatchObject({
      Items: [],
    });
    await expectOk(await as(anna)('DELETE', '/v1/me/creditcards/visa'), 204);
    expect((await as(anna)('GET', '/v1/me/creditcards/visa')).statusCode).toBe(404);
  });

  it('refuses anything that looks like a card number, and stores nothing', async () => {
    for (const body of [
      { ID: 'pan', PartialAccountNumber: '4111111111111111' },
      { ID: 'pan', Token: '4111 1111 1111 1111' },
      { ID: 'pan', Token: 't', xp: { Note: 'card 5555-5555-5555-4444' } },
    ]) {
      const response = await as(anna)('POST', '/v1/me/creditcards', body);
      expect(response.statusCode).toBe(400);
      expect(response.json().Errors[0].ErrorCode).toBe('InvalidRequest');
    }
    expect((await as(anna)('GET', '/v1/me/creditcards/pan')).statusCode).toBe(404);
    expect(containsCardNumber({ Token: 'ord_20260101_123456' })).toBe(false);
  });

  it('a payment may only use a card of the order’s user', async () => {
    await expectOk(
      await as(bo)('POST', '/v1/me/creditcards', {
        ID: 'bos-card',
        Token: 'gw_tok_bo',
        PartialAccountNumber: '4444',
      }),
      201,
    );
    await expectOk(
      await as(anna)('POST', '/v1/me/creditcards', {
        ID: 'annas-card',
        Token: 'gw_tok_anna',
        PartialAccountNumber: '1111',
      }),
      201,
    );
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    const url = `/v1/orders/Outgoing/${order.ID}/payments`;
    const refused = await as(anna)('POST', url, { Type: 'CreditCard', CreditCardID: 'bos-card' });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().Errors[0]).toMatchObject({
      ErrorCode: 'NotFound',
      Data: { ObjectType: 'CreditCard' },
    });
    await expectOk(await as(anna)('POST', url, { Type: 'CreditCard', CreditCardID: 'annas-card' }), 201);
  });
});
