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

describe('approval rules and order approvals', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  let bo: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    await seedSmallCatalog(platform, ['acme']);
    await createUserGroup(platform, {
      buyerId: 'acme',
      groupId: 'approvers',
      name: 'Approvers',
      userIds: ['bo'],
    });
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
  });
  afterAll(() => platform?.close());

  /** A submitted order of `quantity` × 1000 DKK. */
  const submitOrder = async (token: string, quantity: number) => {
    const order = await expectOk<Body>(await as(token)('POST', '/v1/orders/Outgoing', {}), 201);
    await expectOk(
      await as(token)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: quantity,
      }),
      201,
    );
    return expectOk<Body>(await as(token)('POST', `/v1/orders/Outgoing/${order.ID}/submit`));
  };

  it('validates rule expressions with the rules engine', async () => {
    const admin = as(platform.adminToken);
    const bad = await admin('POST', '/v1/buyers/acme/approvalrules', {
      ApprovingGroupID: 'approvers',
      RuleExpression: 'order.Total >',
    });
    expect(bad.statusCode).toBe(400);
    expect(errorCode(bad)).toMatch(/^Expression\./);
    await expectOk(
      await admin('POST', '/v1/buyers/acme/approvalrules', {
        ID: 'big-orders',
        Name: 'Big orders',
        ApprovingGroupID: 'approvers',
        RuleExpression: "order.Total > 2000 and items.any(ProductID = 'la-48-hall')",
      }),
      201,
    );
    expect((await as(anna)('GET', '/v1/buyers/acme/approvalrules')).statusCode).toBe(403);
  });

  it('opens an order no rule stops', async () => {
    expect((await submitOrder(anna, 1)).Status).toBe('Open');
  });

  it('holds a big order for approval; only the approving group may approve it', async () => {
    const held = await submitOrder(anna, 3);
    expect(held).toMatchObject({ Status: 'AwaitingApproval', IsSubmitted: false, DateSubmitted: null });
    const url = `/v1/orders/Outgoing/${held.ID}`;
    expect(errorCode(await as(anna)('POST', `${url}/approve`, {}))).toBe('Order.NotEligibleToApprove');
    const approvable = await expectOk<{ Items: Body[] }>(await as(bo)('GET', '/v1/me/orders/approvable'));
    expect(approvable.Items.map((order) => order.ID)).toEqual([held.ID]);
    const incoming = await expectOk<{ Items: Body[] }>(await as(bo)('GET', '/v1/orders/Incoming'));
    expect(incoming.Items.map((order) => order.ID)).toContain(held.ID);
    const approved = await expectOk<Body>(
      await as(bo)('POST', `/v1/orders/Incoming/${held.ID}/approve`, { Comments: 'Fine by me' }),
    );
    expect(approved).toMatchObject({ Status: 'Open', IsSubmitted: true });
    expect(typeof approved.DateApproved).toBe('string');
    const approvals = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${url}/approvals`));
    expect(approvals.Items).toEqual([
      expect.objectContaining({
        ApprovalRuleID: 'big-orders',
        Status: 'Approved',
        Comments: 'Fine by me',
        Approver: expect.objectContaining({ ID: 'bo' }),
      }),
    ]);
    expect(errorCode(await as(bo)('POST', `/v1/orders/Incoming/${held.ID}/approve`, {}))).toBe(
      'Order.MustBeAwaitingApproval',
    );
  });

  it('declines with and without resubmission', async () => {
    const first = await submitOrder(anna, 3);
    const resubmittable = await expectOk<Body>(
      await as(bo)('POST', `/v1/orders/Incoming/${first.ID}/decline`, {
        Comments: 'Split it',
        AllowResubmit: true,
      }),
    );
    expect(resubmittable).toMatchObject({ Status: 'Unsubmitted', IsSubmitted: false });
    expect(typeof resubmittable.DateDeclined).toBe('string');
    const again = await expectOk<Body>(await as(anna)('POST', `/v1/orders/Outgoing/${first.ID}/submit`));
    expect(again.Status).toBe('AwaitingApproval');
    const declined = await expectOk<Body>(
      await as(bo)('POST', `/v1/orders/Incoming/${first.ID}/decline`, {}),
    );
    expect(declined.Status).toBe('Declined');
    expect(errorCode(await as(anna)('POST', `/v1/orders/Outgoing/${first.ID}/submit`))).toBe(
      'Order.CannotSubmitBadStatus',
    );
    expect(
      (await expectOk<Body>(await as(anna)('POST', `/v1/orders/Outgoing/${first.ID}/cancel`))).Status,
    ).toBe('Canceled');
  });

  it('lets a submitter in the approving group approve their own order by the rule', async () => {
    const own = await submitOrder(bo, 3);
    expect(own.Status).toBe('Open');
  });

  it('previews, before submit, the rules that would stop the order (not the self-approved ones)', async () => {
    const cartOf = async (token: string, quantity: number) => {
      const order = await expectOk<Body>(await as(token)('POST', '/v1/orders/Outgoing', {}), 201);
      await expectOk(
        await as(token)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
          ProductID: 'la-48-hall',
          Quantity: quantity,
        }),
        201,
      );
      return `/v1/orders/Outgoing/${order.ID}`;
    };
    const small = await cartOf(anna, 1);
    expect(
      (await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${small}/approvalpreview`))).Items,
    ).toEqual([]);
    const big = await cartOf(anna, 3);
    const preview = await expectOk<{ Items: Body[] }>(await as(anna)('GET', `${big}/approvalpreview`));
    expect(preview.Items).toEqual([
      { ApprovalRuleID: 'big-orders', ApprovingGroupID: 'approvers', Name: 'Big orders', Description: null },
    ]);
    expect(JSON.stringify(preview)).not.toContain('RuleExpression');
    // The approver's own big order approves itself: nothing to warn about.
    const own = await cartOf(bo, 3);
    expect((await expectOk<{ Items: Body[] }>(await as(bo)('GET', `${own}/approvalpreview`))).Items).toEqual(
      [],
    );
    // Another buyer's cart stays private, and the preview changes nothing.
    expect((await as(bo)('GET', `${big}/approvalpreview`)).statusCode).toBe(404);
    expect((await expectOk<Body>(await as(anna)('GET', big))).Status).toBe('Unsubmitted');
    // Bad input: an unknown order is a 404, an unknown direction a 400.
    expect((await as(anna)('GET', '/v1/orders/Outgoing/no-such-order/approvalpreview')).statusCode).toBe(404);
    expect((await as(anna)('GET', `${big.replace('Outgoing', 'Sideways')}/approvalpreview`)).statusCode).toBe(
      400,
    );
  });

  it('lets an order admin approve', async () => {
    const held = await submitOrder(anna, 4);
    const approved = await expectOk<Body>(
      await as(platform.adminToken)('POST', `/v1/orders/Incoming/${held.ID}/approve`, {}),
    );
    expect(approved.Status).toBe('Open');
  });
});
