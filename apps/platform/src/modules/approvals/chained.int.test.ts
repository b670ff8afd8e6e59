import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedSmallCatalog } from '../../testing/catalog-fixtures.ts';
import {
  callers,
  createBuyerWithUser,
  createUserGroup,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('chained approval rules and eligible approvers', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  let bo: string;
  let cy: string;

  beforeAll(async () => {
    platform = await startPlatform();
    for (const [userId, username] of [
      ['anna', 'anna@acme.example'],
      ['bo', 'bo@acme.example'],
      ['cy', 'cy@acme.example'],
    ] as const) {
      await createBuyerWithUser(platform, { buyerId: 'acme', userId, username });
    }
    await seedSmallCatalog(platform, ['acme']);
    const admin = as(platform.adminToken);
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'approvers', userIds: ['bo'] });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'directors', userIds: ['cy'] });
    await expectOk(
      await admin('POST', '/v1/buyers/acme/approvalrules', {
        ID: 'rule-a',
        ApprovingGroupID: 'approvers',
        RuleExpression: 'order.Total > 20000',
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/approvalrules', {
        ID: 'rule-b',
        ApprovingGroupID: 'directors',
        RuleExpression: "order.approved('rule-a') and order.Total > 40000",
      }),
      201,
    );
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
    cy = await loginAs(platform.app, 'cy@acme.example');
  });
  afterAll(() => platform?.close());

  const submit = async (quantity: number) => {
    const order = await expectOk<Body>(await as(anna)('POST', '/v1/orders/Outgoing', {}), 201);
    await expectOk(
      await as(anna)('POST', `/v1/orders/Outgoing/${order.ID}/lineitems`, {
        ProductID: 'la-48-hall',
        Quantity: quantity,
      }),
      201,
    );
    return expectOk<Body>(await as(anna)('POST', `/v1/orders/Outgoing/${order.ID}/submit`));
  };
  const approvers = async (token: string, id: unknown) =>
    (
      await expectOk<{ Items: Body[] }>(await as(token)('GET', `/v1/orders/All/${id}/eligibleapprovers`))
    ).Items.map((user) => user.ID);

  it('asks the next rule once the rule it chains on is approved', async () => {
    const order = await submit(50); // 50 × 900 = 45,000 DKK
    expect(order.Status).toBe('AwaitingApproval');
    const approvals = async () =>
      (
        await expectOk<{ Items: Body[] }>(await as(anna)('GET', `/v1/orders/Outgoing/${order.ID}/approvals`))
      ).Items.map((approval) => [approval.ApprovalRuleID, approval.Status]);
    expect(await approvals()).toEqual([['rule-a', 'Pending']]);
    expect(await approvers(anna, order.ID)).toEqual(['bo']);

    const afterBo = await expectOk<Body>(await as(bo)('POST', `/v1/orders/Incoming/${order.ID}/approve`, {}));
    expect(afterBo.Status).toBe('AwaitingApproval');
    expect(await approvals()).toEqual([
      ['rule-a', 'Approved'],
      ['rule-b', 'Pending'],
    ]);
    expect(await approvers(anna, order.ID)).toEqual(['cy']);
    const again = await as(bo)('POST', `/v1/orders/Incoming/${order.ID}/approve`, {});
    expect(again.statusCode).toBe(403);
    expect(again.json().Errors[0].ErrorCode).toBe('Order.NotEligibleToApprove');

    const afterCy = await expectOk<Body>(await as(cy)('POST', `/v1/orders/Incoming/${order.ID}/approve`, {}));
    expect(afterCy).toMatchObject({ Status: 'Open', IsSubmitted: true });
    expect(await approvers(anna, order.ID)).toEqual([]);
  });

  it('opens after the first approval when the chained rule does not fire', async () => {
    const order = await submit(30); // 27,000 DKK
    expect(order.Status).toBe('AwaitingApproval');
    const approved = await expectOk<Body>(
      await as(bo)('POST', `/v1/orders/Incoming/${order.ID}/approve`, {}),
    );
    expect(approved.Status).toBe('Open');
  });
});
