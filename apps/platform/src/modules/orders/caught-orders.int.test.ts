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

describe('the orders an approval rule caught (GET /v1/buyers/{id}/approvalrules/{id}/orders)', () => {
  let platform: Platform;
  const { as } = callers(() => platform);
  let anna: string;
  let bo: string;
  let reader: string;

  beforeAll(async () => {
    platform = await startPlatform();
    const admin = as(platform.adminToken);
    await expectOk(
      await admin('POST', '/v1/securityprofiles', {
        ID: 'rule-admins',
        Name: 'Rule admins',
        Roles: ['ApprovalRuleAdmin', 'OrderReader'],
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/securityprofiles', {
        ID: 'rule-readers',
        Name: 'Rule readers',
        Roles: ['ApprovalRuleReader'],
      }),
      201,
    );
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'acme',
      userId: 'bo',
      username: 'bo@acme.example',
      profiles: ['rule-admins'],
    });
    await createBuyerWithUser(platform, {
      buyerId: 'acme',
      userId: 'rita',
      username: 'rita@acme.example',
      profiles: ['rule-readers'],
    });
    await createBuyerWithUser(platform, { buyerId: 'other', userId: 'olga', username: 'olga@other.example' });
    await seedSmallCatalog(platform, ['acme']);
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'approvers', userIds: ['bo'] });
    for (const [id, expression] of [
      ['big', 'order.Total > 2000'],
      ['hall', "items.any(ProductID = 'nothing-like-this')"],
    ])
      await expectOk(
        await admin('POST', '/v1/buyers/acme/approvalrules', {
          ID: id,
          ApprovingGroupID: 'approvers',
          RuleExpression: expression,
        }),
        201,
      );
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
    reader = await loginAs(platform.app, 'rita@acme.example');
  });
  afterAll(() => platform?.close());

  const submitOrder = async (quantity: number) => {
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

  it("lists the orders a rule stopped, with that rule's approval, and no others", async () => {
    const held = await submitOrder(3);
    await submitOrder(1);
    expect(held.Status).toBe('AwaitingApproval');
    const big = await expectOk<{ Meta: Body; Items: Body[] }>(
      await as(bo)('GET', '/v1/buyers/acme/approvalrules/big/orders'),
    );
    expect(big.Items.map((order) => order.ID)).toEqual([held.ID]);
    expect(big.Items[0]).toMatchObject({ Status: 'AwaitingApproval', Approval: { Status: 'Pending' } });
    expect(big.Meta).toMatchObject({ TotalCount: 1 });
    const hall = await expectOk<{ Items: Body[] }>(
      await as(bo)('GET', '/v1/buyers/acme/approvalrules/hall/orders'),
    );
    expect(hall.Items).toEqual([]);
  });

  it('refuses an unknown rule, a shopper and another buyer; a reader of rules may look', async () => {
    const unknown = await as(bo)('GET', '/v1/buyers/acme/approvalrules/nope/orders');
    expect(unknown.statusCode).toBe(404);
    expect(errorCode(unknown)).toBe('NotFound');
    expect((await as(anna)('GET', '/v1/buyers/acme/approvalrules/big/orders')).statusCode).toBe(403);
    expect((await as(reader)('GET', '/v1/buyers/acme/approvalrules/big/orders')).statusCode).toBe(200);
    expect((await as(bo)('GET', '/v1/buyers/other/approvalrules/big/orders')).statusCode).toBe(404);
  });
});
