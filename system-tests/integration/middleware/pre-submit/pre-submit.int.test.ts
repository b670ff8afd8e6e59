import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION, DEMO_LOGINS } from '@actuate/catalog-data';
import { ORDER_SUBMIT_ROUTE, PreSubmitWebhookResponse } from '@actuate/contracts';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { PRE_SUBMIT_MESSAGES } from '../../../../apps/middleware/src/modules/pre-submit/service.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { createUser, signedPost, startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 180_000 });

let world: World;
beforeAll(async () => {
  world = await startWorld(['acme-dk', 'hold-dk']);
  const anna = world.demo.users.find((user) => user.username === DEMO_LOGINS.shopper);
  if (!anna) throw new Error('no anna');
  await createUser(
    world.platform,
    {
      ...anna,
      id: 'acme-dk-old-terms',
      username: 'old-terms@acme-dk.example',
      email: 'old-terms@acme-dk.example',
    },
    { TermsVersionApproved: CURRENT_TERMS_VERSION - 1 },
  );
  await createUser(
    world.platform,
    {
      ...anna,
      id: 'acme-dk-old-privacy',
      username: 'old-privacy@acme-dk.example',
      email: 'old-privacy@acme-dk.example',
    },
    { PrivacyVersionApproved: CURRENT_PRIVACY_VERSION - 1 },
  );
});
afterAll(() => world?.close());

/** An unsubmitted order of the user on the platform, with the given extension and payments. */
async function order(username: string, xp: Record<string, unknown>, paymentTypes: string[]): Promise<string> {
  const token = await loginAs(world.platform.app, username);
  const created = await expectOk<{ ID: string }>(
    await call(world.platform.app, token, 'POST', '/v1/orders/Outgoing', { xp }),
    201,
  );
  for (const type of paymentTypes) {
    await expectOk(
      await call(world.platform.app, token, 'POST', `/v1/orders/Outgoing/${created.ID}/payments`, {
        Type: type,
      }),
      201,
    );
  }
  return created.ID;
}

const payload = (orderID: string) => ({
  Route: ORDER_SUBMIT_ROUTE,
  RouteParams: { direction: 'Outgoing', orderID },
  Verb: 'POST',
  Date: new Date().toISOString(),
  LogID: 'log-1',
  UserToken: 'token-of-the-buyer',
  Request: { Body: {}, Headers: '' },
  ConfigData: {},
});

async function check(orderId: string) {
  const response = await signedPost(world.middleware, '/webhooks/presubmit', payload(orderId));
  expect(response.statusCode, response.body).toBe(200);
  return PreSubmitWebhookResponse.parse(response.json());
}

describe('pre-submit webhook', () => {
  it('lets a purchase order with a customer reference proceed', async () => {
    const id = await order(DEMO_LOGINS.shopper, { CustomerReference: 'PO-4711' }, ['PurchaseOrder']);
    expect(await check(id)).toEqual({
      proceed: true,
      body: { Status: 'Success', Message: PRE_SUBMIT_MESSAGES.ok },
    });
    // Accepted, so the platform's own check (every payment Accepted) lets the submit through.
    const payments = await expectOk<{ Items: { Type: string; Accepted: boolean }[] }>(
      await call(world.platform.app, world.platform.adminToken, 'GET', `/v1/orders/All/${id}/payments`),
    );
    expect(payments.Items).toEqual([expect.objectContaining({ Type: 'PurchaseOrder', Accepted: true })]);
  });

  it('refuses a company on credit hold', async () => {
    const id = await order(DEMO_LOGINS.creditHoldShopper, { CustomerReference: 'PO-1' }, ['PurchaseOrder']);
    expect(await check(id)).toEqual({
      proceed: false,
      body: { Status: 'Failure', Message: PRE_SUBMIT_MESSAGES.creditHold, Code: 'creditHold' },
    });
  });

  it('refuses a user who has not accepted the current terms', async () => {
    const id = await order('old-terms@acme-dk.example', { CustomerReference: 'PO-2' }, ['PurchaseOrder']);
    expect((await check(id)).body).toEqual({
      Status: 'Failure',
      Message: PRE_SUBMIT_MESSAGES.termsNotAccepted,
      Code: 'termsNotAccepted',
    });
  });

  it('refuses a user who has not accepted the current privacy policy', async () => {
    const id = await order('old-privacy@acme-dk.example', { CustomerReference: 'PO-3' }, ['PurchaseOrder']);
    expect((await check(id)).body).toEqual({
      Status: 'Failure',
      Message: PRE_SUBMIT_MESSAGES.privacyNotAccepted,
      Code: 'privacyNotAccepted',
    });
  });

  it('refuses a purchase order without a customer reference', async () => {
    const id = await order(DEMO_LOGINS.shopper, {}, ['PurchaseOrder']);
    const answer = await check(id);
    expect(answer.proceed).toBe(false);
    expect(answer.body.Message).toBe(PRE_SUBMIT_MESSAGES.purchaseOrderWithoutReference);
  });

  it('refuses a card payment the gateway has not authorised', async () => {
    const id = await order(DEMO_LOGINS.shopper, { CustomerReference: 'PO-5' }, ['CreditCard']);
    expect((await check(id)).body.Message).toBe(PRE_SUBMIT_MESSAGES.cardNotAuthorised);
  });

  it('accepts a budget payment its balance covers and refuses one it does not', async () => {
    const { app, adminToken } = world.platform;
    await expectOk(
      await call(app, adminToken, 'POST', '/v1/buyers/acme-dk/spendingaccounts', {
        ID: 'presubmit-budget',
        Name: 'Workshop budget',
        Balance: 100,
      }),
      201,
    );
    await expectOk(
      await call(app, adminToken, 'POST', '/v1/buyers/acme-dk/spendingaccounts/assignments', {
        SpendingAccountID: 'presubmit-budget',
        UserID: 'acme-dk-anna',
      }),
      204,
    );
    const token = await loginAs(app, DEMO_LOGINS.shopper);
    const budgetOrder = async (amount: number) => {
      const created = await expectOk<{ ID: string }>(
        await call(app, token, 'POST', '/v1/orders/Outgoing', {}),
        201,
      );
      await expectOk(
        await call(app, token, 'POST', `/v1/orders/Outgoing/${created.ID}/payments`, {
          Type: 'SpendingAccount',
          SpendingAccountID: 'presubmit-budget',
          Amount: amount,
        }),
        201,
      );
      return created.ID;
    };

    const covered = await budgetOrder(60);
    expect((await check(covered)).proceed).toBe(true);
    const payments = await expectOk<{ Items: { Accepted: boolean }[] }>(
      await call(app, adminToken, 'GET', `/v1/orders/All/${covered}/payments`),
    );
    expect(payments.Items).toEqual([expect.objectContaining({ Accepted: true })]);

    const exceeded = await budgetOrder(150);
    expect((await check(exceeded)).body).toEqual({
      Status: 'Failure',
      Message: PRE_SUBMIT_MESSAGES.spendingAccountExceeded,
      Code: 'spendingAccountExceeded',
    });
  });

  it('refuses an unknown order', async () => {
    expect((await check('no-such-order')).body.Message).toBe(PRE_SUBMIT_MESSAGES.orderNotFound);
  });

  it('refuses a payload with a wrong signature', async () => {
    const response = await signedPost(world.middleware, '/webhooks/presubmit', payload('x'), 'not-the-key');
    expect(response.statusCode).toBe(401);
  });
});
