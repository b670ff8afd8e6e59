import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  createUserGroup,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('spending accounts', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  let bo: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    const admin = as(platform.adminToken);
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts', {
        ID: 'budget',
        Name: 'Budget',
        Balance: 2500,
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts', {
        ID: 'old',
        Name: 'Old',
        Balance: 100,
        EndDate: '2020-01-01T00:00:00+00:00',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts/assignments', {
        SpendingAccountID: 'budget',
        UserID: 'anna',
      }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts/assignments', { SpendingAccountID: 'old' }),
      204,
    );
    // An account of bo's group (anna is not in it).
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'team', userIds: ['bo'] });
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts', { ID: 'team', Name: 'Team', Balance: 10 }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts/assignments', {
        SpendingAccountID: 'team',
        UserGroupID: 'team',
      }),
      204,
    );
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
  });
  afterAll(() => platform?.close());

  const cart = async (token: string, quantity: number) => {
    const order = await expectOk<Body>(await as(token)('POST', '/v1/orders/Outgoing', {}), 201);
    await expectOk(
      await as(token)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: quantity,
      }),
      201,
    );
    return order.ID as string;
  };

  it('shows a user the current accounts assigned to them', async () => {
    const mine = await expectOk<{ Items: Body[] }>(await as(anna)('GET', '/v1/me/spendingAccounts'));
    expect(mine.Items).toEqual([expect.objectContaining({ ID: 'budget', Balance: 2500 })]);
    expect(
      (await expectOk<{ Items: Body[] }>(await as(bo)('GET', '/v1/me/spendingaccounts'))).Items.map(
        (item) => item.ID,
      ),
    ).toEqual(['team']);
  });

  it('reads one account of mine exactly when my list shows it', async () => {
    for (const path of ['/v1/me/spendingaccounts', '/v1/me/spendingAccounts']) {
      expect(await expectOk<Body>(await as(anna)('GET', `${path}/budget`))).toEqual(
        expect.objectContaining({ ID: 'budget', Name: 'Budget', Balance: 2500 }),
      );
    }
    expect((await expectOk<Body>(await as(bo)('GET', '/v1/me/spendingaccounts/team'))).ID).toBe('team');
    // Someone else's, expired (though assigned to the whole company), unknown; and an admin has no /me account.
    for (const [token, id] of [
      [bo, 'budget'],
      [anna, 'team'],
      [anna, 'old'],
      [bo, 'old'],
      [anna, 'nope'],
      [platform.adminToken, 'budget'],
    ] as const) {
      const response = await as(token)('GET', `/v1/me/spendingaccounts/${id}`);
      expect(response.statusCode, `${id}: ${response.body}`).toBe(404);
      expect(response.json().Errors[0]).toMatchObject({
        ErrorCode: 'NotFound',
        Data: { ObjectType: 'SpendingAccount', ObjectID: id },
      });
    }
  });

  it('refuses accounts the user may not use', async () => {
    const orderId = await cart(bo, 1);
    const foreign = await as(bo)('POST', `/v1/orders/Outgoing/${orderId}/payments`, {
      Type: 'SpendingAccount',
      SpendingAccountID: 'budget',
    });
    expect(errorCode(foreign)).toBe('Payment.InvalidSpendingAccountID');
    const expired = await as(bo)('POST', `/v1/orders/Outgoing/${orderId}/payments`, {
      Type: 'SpendingAccount',
      SpendingAccountID: 'old',
    });
    expect(errorCode(expired)).toBe('Payment.CannotUseExpiredSpendingAccount');
    expect(
      errorCode(await as(bo)('POST', `/v1/orders/Outgoing/${orderId}/payments`, { Type: 'SpendingAccount' })),
    ).toBe('Payment.SpendingAccountIdMissing');
  });

  it('charges the balance on submit and refuses a payment beyond it', async () => {
    const admin = as(platform.adminToken);
    const pay = async (orderId: string) => {
      const payment = await expectOk<Body>(
        await as(anna)('POST', `/v1/orders/Outgoing/${orderId}/payments`, {
          Type: 'SpendingAccount',
          SpendingAccountID: 'budget',
        }),
        201,
      );
      await expectOk(
        await admin('PATCH', `/v1/orders/Incoming/${orderId}/payments/${payment.ID}`, { Accepted: true }),
      );
    };
    const first = await cart(anna, 2);
    await pay(first);
    expect((await expectOk<Body>(await as(anna)('POST', `/v1/orders/Outgoing/${first}/submit`))).Status).toBe(
      'Open',
    );
    const account = await expectOk<Body>(await admin('GET', '/v1/buyers/acme/spendingaccounts/budget'));
    expect(account.Balance).toBe(500);
    const second = await cart(anna, 1);
    await pay(second);
    const refused = await as(anna)('POST', `/v1/orders/Outgoing/${second}/submit`);
    expect(errorCode(refused)).toBe('Payment.ExceedsBalance');
    expect((await expectOk<Body>(await as(anna)('GET', `/v1/orders/Outgoing/${second}`))).Status).toBe(
      'Unsubmitted',
    );
    expect(
      (await expectOk<Body>(await admin('GET', '/v1/buyers/acme/spendingaccounts/budget'))).Balance,
    ).toBe(500);
    // AllowExceed lets the balance go negative.
    await expectOk(
      await admin('POST', '/v1/buyers/acme/spendingaccounts/assignments', {
        SpendingAccountID: 'budget',
        UserID: 'anna',
        AllowExceed: true,
      }),
      204,
    );
    expect(
      (await expectOk<Body>(await as(anna)('POST', `/v1/orders/Outgoing/${second}/submit`))).Status,
    ).toBe('Open');
    expect(
      (await expectOk<Body>(await admin('GET', '/v1/buyers/acme/spendingaccounts/budget'))).Balance,
    ).toBe(-500);
  });
});
