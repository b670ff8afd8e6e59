import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MIDDLEWARE_CLIENT_ID } from './modules/auth/bootstrap.ts';
import { seedSmallCatalog } from './testing/catalog-fixtures.ts';
import {
  callers,
  createUserGroup,
  expectOk,
  loginAs,
  type Method,
  type Platform,
  startPlatform,
} from './testing/harness.ts';
import { createIsolationCast } from './testing/isolation-cast.ts';

type Body = Record<string, unknown>;
type Attempt = [Method, string, unknown?];

const FUTURE = '2099-01-01T00:00:00.000Z';
const DIRECTIONS = ['Outgoing', 'Incoming', 'All'] as const;

/**
 * Isolation for the resources added after `isolation.int.test.ts`: promotions, subscriptions, credit
 * cards, chained approvals' `eligibleapprovers` and `/me`'s `Buyer.xp`. Two intruders, both holding
 * misassigned admin roles: ivan of another company, and walt of vera's own company (for what
 * OrderCloud scopes by user: orders, subscriptions, credit cards, budgets assigned to a user).
 */
describe('isolation of promotions, subscriptions, credit cards, approvers and /me', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let vera: string;
  let ivan: string;
  let walt: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createIsolationCast(platform, [
      'BuyerAdmin',
      'BuyerUserAdmin',
      'UserGroupAdmin',
      'PromotionAdmin',
      'SubscriptionAdmin',
      'SubscriptionReader',
      'OrderAdmin',
      'OrderReader',
      'UnsubmittedOrderReader',
    ]);
    await seedSmallCatalog(platform, ['victim', 'intruder']);
    await expectOk(await admin('PATCH', '/v1/buyers/victim', { xp: { VictimSecret: 'victim-only-xp' } }));

    // Vera's group (walt is not in it), which approves the company's big orders.
    await createUserGroup(platform, {
      buyerId: 'victim',
      groupId: 'victim-approvers',
      name: 'Approvers',
      userIds: ['vera'],
    });
    await expectOk(
      await admin('POST', '/v1/buyers/victim/approvalrules', {
        ID: 'victim-big',
        Name: 'Big orders',
        ApprovingGroupID: 'victim-approvers',
        RuleExpression: 'order.Total > 5000',
      }),
      201,
    );
    // A budget assigned to vera alone.
    await expectOk(
      await admin('POST', '/v1/buyers/victim/spendingaccounts', {
        ID: 'vera-budget',
        Name: 'Vera budget',
        Balance: 100000,
      }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/spendingaccounts/assignments', {
        SpendingAccountID: 'vera-budget',
        UserID: 'vera',
      }),
      204,
    );
    // Promotions: one for the victim company only, one for vera's group only, one for everyone.
    for (const [id, code] of [
      ['victim-only', 'VICTIM10'],
      ['group-only', 'GROUP10'],
      ['everyone', 'EVERY10'],
    ]) {
      await expectOk(
        await admin('POST', '/v1/promotions', {
          ID: id,
          Code: code,
          AllowAllBuyers: id === 'everyone',
          EligibleExpression: 'true',
          ValueExpression: '10',
          CanCombine: true,
        }),
        201,
      );
    }
    await expectOk(
      await admin('POST', '/v1/promotions/assignments', { PromotionID: 'victim-only', BuyerID: 'victim' }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/promotions/assignments', {
        PromotionID: 'group-only',
        BuyerID: 'victim',
        UserGroupID: 'victim-approvers',
      }),
      204,
    );
    // The subscription integration (admin only).
    await expectOk(
      await admin('PUT', '/v1/integrations/subscription', {
        Url: 'http://127.0.0.1:9/hooks',
        HashKey: 'secret-subscription-hash-key',
        ApiClientID: MIDDLEWARE_CLIENT_ID,
        NotificationDays: 3,
      }),
    );

    vera = await loginAs(platform.app, 'vera@victim.example');
    const asVera = as(vera);
    await expectOk(
      await asVera('POST', '/v1/me/creditcards', {
        ID: 'vera-card',
        Token: 'gw_tok_vera',
        CardType: 'Visa',
        CardholderName: 'Vera',
        PartialAccountNumber: '1111',
      }),
      201,
    );
    // Vera's cart with her code applied, and an order of hers awaiting approval.
    await expectOk(await asVera('POST', '/v1/orders/Outgoing', { ID: 'vera-cart' }), 201);
    await expectOk(
      await asVera('POST', '/v1/orders/Outgoing/vera-cart/lineitems', {
        ID: 'vera-line',
        ProductID: 'la-48-hall',
        Quantity: 1,
      }),
      201,
    );
    await expectOk(await asVera('POST', '/v1/orders/Outgoing/vera-cart/promotions/VICTIM10'), 201);
    await expectOk(
      await asVera('POST', '/v1/orders/Outgoing/vera-cart/payments', {
        ID: 'vera-pay',
        Type: 'CreditCard',
        CreditCardID: 'vera-card',
      }),
      201,
    );
    await expectOk(await asVera('POST', '/v1/orders/Outgoing', { ID: 'vera-big' }), 201);
    await expectOk(
      await asVera('POST', '/v1/orders/Outgoing/vera-big/lineitems', {
        ProductID: 'la-48-hall',
        Quantity: 10,
      }),
      201,
    );
    // Vera is in the approving group, so she approves her own order: make the rule's group someone else's.
    await expectOk(
      await admin('DELETE', '/v1/buyers/victim/usergroups/victim-approvers/assignments/vera'),
      204,
    );
    await expectOk(await asVera('POST', '/v1/orders/Outgoing/vera-big/submit'));
    await expectOk(
      await admin('POST', '/v1/buyers/victim/usergroups/assignments', {
        UserGroupID: 'victim-approvers',
        UserID: 'vera',
      }),
      204,
    );
    // Vera's subscription, paid with her card, with one item.
    await expectOk(
      await asVera('POST', '/v1/me/subscriptions', {
        ID: 'vera-sub',
        Frequency: 2,
        Interval: 'Weeks',
        NextOrderDate: FUTURE,
        Payment: { Type: 'CreditCard', CreditCardID: 'vera-card' },
      }),
      201,
    );
    await expectOk(
      await asVera('POST', '/v1/me/subscriptions/vera-sub/items', {
        ID: 'vera-sub-item',
        ProductID: 'la-48-hall',
        Quantity: 2,
      }),
      201,
    );

    ivan = await loginAs(platform.app, 'ivan@intruder.example');
    walt = await loginAs(platform.app, 'walt@victim.example');
    for (const token of [ivan, walt]) {
      const name = token === ivan ? 'ivan' : 'walt';
      await expectOk(await as(token)('POST', '/v1/orders/Outgoing', { ID: `${name}-cart` }), 201);
      await expectOk(
        await as(token)('POST', `/v1/orders/Outgoing/${name}-cart/lineitems`, {
          ProductID: 'la-48-hall',
          Quantity: 1,
        }),
        201,
      );
    }
  });
  afterAll(() => platform?.close());

  it('vera herself reaches all of it (the refusals below are not wrong URLs)', async () => {
    for (const url of [
      '/v1/me/creditcards/vera-card',
      '/v1/me/subscriptions/vera-sub',
      '/v1/me/subscriptions/vera-sub/items/vera-sub-item',
      '/v1/me/promotions/victim-only',
      '/v1/me/promotions/group-only',
      '/v1/orders/Outgoing/vera-cart/promotions',
      '/v1/orders/Outgoing/vera-cart/eligiblepromotions',
      '/v1/orders/All/vera-big/eligibleapprovers',
    ])
      await expectOk(await as(vera)('GET', url));
    expect((await expectOk(await admin('GET', '/v1/orders/Incoming/vera-big'))).Status).toBe(
      'AwaitingApproval',
    );
  });

  /** What vera owns as a user: neither walt (same company) nor ivan may touch it. */
  const userScoped: Attempt[] = [
    // Credit cards.
    ['GET', '/v1/me/creditcards/vera-card'],
    ['PUT', '/v1/me/creditcards/vera-card', { Token: 'gw_tok_x', PartialAccountNumber: '9999' }],
    ['PATCH', '/v1/me/creditcards/vera-card', { CardholderName: 'pwned' }],
    ['DELETE', '/v1/me/creditcards/vera-card'],
    // Subscriptions, through /me and through the admin routes (misassigned SubscriptionAdmin).
    ...(['/v1/me/subscriptions', '/v1/subscriptions'] as const).flatMap((base): Attempt[] => [
      ['GET', `${base}/vera-sub`],
      ['PUT', `${base}/vera-sub`, { Frequency: 1, Interval: 'Days', NextOrderDate: FUTURE }],
      ['PATCH', `${base}/vera-sub`, { Active: false }],
      ['DELETE', `${base}/vera-sub`],
      ['GET', `${base}/vera-sub/items`],
      ['POST', `${base}/vera-sub/items`, { ProductID: 'la-48-hall', Quantity: 1 }],
      ['GET', `${base}/vera-sub/items/vera-sub-item`],
      ['PUT', `${base}/vera-sub/items/vera-sub-item`, { ProductID: 'la-48-hall', Quantity: 9 }],
      ['PATCH', `${base}/vera-sub/items/vera-sub-item`, { Quantity: 9 }],
      ['DELETE', `${base}/vera-sub/items/vera-sub-item`],
    ]),
    ['GET', '/v1/subscriptions'],
    [
      'POST',
      '/v1/subscriptions',
      {
        ID: 'pwn-sub',
        FromCompanyID: 'victim',
        FromUserID: 'vera',
        Frequency: 1,
        Interval: 'Days',
        NextOrderDate: FUTURE,
      },
    ],
    ['GET', '/v1/subscriptions/vera-sub/runs'],
    // The subscription integration and its run trigger.
    ['GET', '/v1/integrations/subscription'],
    ['PUT', '/v1/integrations/subscription', { Url: 'http://evil.example', HashKey: 'x', ApiClientID: 'x' }],
    ['PATCH', '/v1/integrations/subscription', { Url: 'http://evil.example' }],
    ['DELETE', '/v1/integrations/subscription'],
    ['POST', '/v1/integrations/subscription/run'],
    // Promotions of the marketplace (misassigned PromotionAdmin).
    ['GET', '/v1/promotions'],
    ['GET', '/v1/promotions/victim-only'],
    ['PATCH', '/v1/promotions/victim-only', { ValueExpression: '999' }],
    [
      'PUT',
      '/v1/promotions/everyone',
      { Code: 'EVERY10', EligibleExpression: 'true', ValueExpression: '999' },
    ],
    ['DELETE', '/v1/promotions/everyone'],
    [
      'POST',
      '/v1/promotions',
      { ID: 'pwn', Code: 'PWN', EligibleExpression: 'true', ValueExpression: '999' },
    ],
    ['GET', '/v1/promotions/assignments'],
    ['POST', '/v1/promotions/assignments', { PromotionID: 'victim-only', BuyerID: 'intruder' }],
    ['DELETE', '/v1/promotions/victim-only/assignments?buyerID=victim'],
    // Vera's orders: promotions, approvers.
    ...DIRECTIONS.flatMap((direction): Attempt[] => [
      ['GET', `/v1/orders/${direction}/vera-cart/promotions`],
      ['POST', `/v1/orders/${direction}/vera-cart/promotions/EVERY10`],
      ['DELETE', `/v1/orders/${direction}/vera-cart/promotions/VICTIM10`],
      ['POST', `/v1/orders/${direction}/vera-cart/applypromotions`],
      ['POST', `/v1/orders/${direction}/vera-cart/refreshpromotions`],
      ['GET', `/v1/orders/${direction}/vera-cart/eligiblepromotions`],
      ['GET', `/v1/orders/${direction}/vera-cart/payments/vera-pay`],
      ['GET', `/v1/orders/${direction}/vera-big`],
      ['GET', `/v1/orders/${direction}/vera-big/eligibleapprovers`],
      ['GET', `/v1/orders/${direction}/vera-big/approvals`],
      ['POST', `/v1/orders/${direction}/vera-big/approve`, {}],
      ['POST', `/v1/orders/${direction}/vera-big/decline`, {}],
    ]),
  ];

  describe.each(['ivan', 'walt'])('%s', (name) => {
    const token = () => (name === 'ivan' ? ivan : walt);

    it.each(userScoped)('%s %s is refused', async (method, url, body) => {
      const response = await as(token())(method, url, body);
      expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.body).not.toMatch(/gw_tok_vera|secret-subscription-hash-key|victim-only-xp/);
    });

    it('PUT on vera’s card ID answers exactly what GET does (404 NotFound), not IdExists', async () => {
      const read = await as(token())('GET', '/v1/me/creditcards/vera-card');
      const upsert = await as(token())('PUT', '/v1/me/creditcards/vera-card', {
        Token: 'gw_tok_x',
        PartialAccountNumber: '9999',
      });
      expect(upsert.statusCode, upsert.body).toBe(404);
      expect(upsert.json()).toEqual(read.json());
      expect(upsert.json().Errors[0]).toMatchObject({
        ErrorCode: 'NotFound',
        Data: { ObjectType: 'CreditCard', ObjectID: 'vera-card' },
      });
      // Vera's card is as it was.
      expect(await expectOk<Body>(await as(vera)('GET', '/v1/me/creditcards/vera-card'))).toMatchObject({
        Token: 'gw_tok_vera',
        PartialAccountNumber: '1111',
      });
    });

    it('cannot pay his own order with vera’s card or vera’s budget', async () => {
      const url = `/v1/orders/Outgoing/${name}-cart/payments`;
      const card = await as(token())('POST', url, { Type: 'CreditCard', CreditCardID: 'vera-card' });
      expect(card.statusCode, card.body).toBe(404);
      expect(card.json().Errors[0]).toMatchObject({
        ErrorCode: 'NotFound',
        Data: { ObjectType: 'CreditCard' },
      });
      const budget = await as(token())('POST', url, {
        Type: 'SpendingAccount',
        SpendingAccountID: 'vera-budget',
      });
      expect([400, 403, 404], budget.body).toContain(budget.statusCode);
      expect(budget.json().Errors[0].ErrorCode).not.toBe('Payment.ExceedsBalance');
      const payments = await expectOk<{ Items: Body[] }>(
        await admin('GET', `/v1/orders/Incoming/${url.split('/')[4]}/payments`),
      );
      expect(payments.Items).toEqual([]);
    });

    it('cannot start a subscription paid with vera’s card or vera’s budget', async () => {
      for (const [id, payment] of [
        [`${name}-sub-card`, { Type: 'CreditCard', CreditCardID: 'vera-card' }],
        [`${name}-sub-budget`, { Type: 'SpendingAccount', SpendingAccountID: 'vera-budget' }],
      ] as const) {
        const response = await as(token())('POST', '/v1/me/subscriptions', {
          ID: id,
          Frequency: 1,
          Interval: 'Weeks',
          NextOrderDate: FUTURE,
          Payment: payment,
        });
        expect(response.statusCode, response.body).toBeGreaterThanOrEqual(400);
        expect(response.statusCode).toBeLessThan(500);
        expect((await admin('GET', `/v1/subscriptions/${id}`)).statusCode).toBe(404);
      }
    });

    it('cannot redeem a promotion meant for another company or another group on his own cart', async () => {
      const codes = name === 'ivan' ? ['VICTIM10', 'GROUP10'] : ['GROUP10'];
      for (const code of codes) {
        const response = await as(token())('POST', `/v1/orders/Outgoing/${name}-cart/promotions/${code}`);
        expect([403, 404], response.body).toContain(response.statusCode);
      }
      for (const id of name === 'ivan' ? ['victim-only', 'group-only'] : ['group-only'])
        expect((await as(token())('GET', `/v1/me/promotions/${id}`)).statusCode).toBe(404);
      const applied = await expectOk<{ Items: Body[] }>(
        await admin('GET', `/v1/orders/Incoming/${name}-cart/promotions`),
      );
      expect(applied.Items).toEqual([]);
    });

    const lists = [
      '/v1/me/creditcards',
      '/v1/me/spendingaccounts',
      '/v1/me/subscriptions',
      '/v1/me/subscriptions?ID=vera*',
      '/v1/me/promotions',
      '/v1/me/promotions?ID=victim*|group*',
      '/v1/me/orders',
      '/v1/me/orders/approvable',
      '/v1/orders/All',
      '/v1/orders/Incoming',
      `/v1/orders/Outgoing/${name}-cart/eligiblepromotions`,
    ];
    it.each(lists)('%s shows nothing of vera’s (nor of another company’s promotions)', async (url) => {
      const page = await expectOk<{ Items: Body[] }>(await as(token())('GET', url));
      const hidden = ['vera-card', 'vera-budget', 'vera-sub', 'vera-cart', 'vera-big', 'group-only'];
      if (name === 'ivan') hidden.push('victim-only');
      for (const item of page.Items) expect(hidden).not.toContain(item.ID);
    });
  });

  it('walt’s /me/promotions shows the company’s and everyone’s, ivan’s only everyone’s', async () => {
    const ids = async (token: string) =>
      (await expectOk<{ Items: Body[] }>(await as(token)('GET', '/v1/me/promotions'))).Items.map(
        (p) => p.ID,
      ).sort();
    expect(await ids(walt)).toEqual(['everyone', 'victim-only']);
    expect(await ids(ivan)).toEqual(['everyone']);
  });

  it('/me shows the own company’s xp only, and PATCH /me cannot move a user to another company', async () => {
    const me = await expectOk<Body>(await as(ivan)('GET', '/v1/me'));
    expect(me).toMatchObject({
      ID: 'ivan',
      CompanyID: 'intruder',
      Buyer: { ID: 'intruder', xp: { CrmId: 'CRM-intruder' } },
    });
    expect(JSON.stringify(me)).not.toContain('victim');
    for (const patch of [{ CompanyID: 'victim' }, { Buyer: { ID: 'victim' } }]) {
      const response = await as(ivan)('PATCH', '/v1/me', patch);
      expect(response.statusCode).toBeLessThan(500);
      expect(response.body).not.toContain('victim-only-xp');
    }
    const after = await expectOk<Body>(await as(ivan)('GET', '/v1/me'));
    expect(after).toMatchObject({ CompanyID: 'intruder', Buyer: { ID: 'intruder' } });
    expect(JSON.stringify(after)).not.toContain('victim');
    expect((await expectOk(await admin('GET', '/v1/buyers/intruder/users/ivan'))).ID).toBe('ivan');
    expect((await admin('GET', '/v1/buyers/victim/users/ivan')).statusCode).toBe(404);
    // The same company's user sees his company's xp, as he should.
    const waltMe = await expectOk<Body>(await as(walt)('GET', '/v1/me'));
    expect(waltMe).toMatchObject({ Buyer: { ID: 'victim', xp: { VictimSecret: 'victim-only-xp' } } });
  });

  it('left everything of vera’s and the marketplace’s untouched', async () => {
    const get = async (url: string) => expectOk<Body>(await admin('GET', url));
    const card = await expectOk<Body>(await as(vera)('GET', '/v1/me/creditcards/vera-card'));
    expect(card).toMatchObject({
      Token: 'gw_tok_vera',
      CardholderName: 'Vera',
      PartialAccountNumber: '1111',
    });
    expect(await get('/v1/subscriptions/vera-sub')).toMatchObject({
      FromUserID: 'vera',
      Frequency: 2,
      Interval: 'Weeks',
      Active: true,
      NextOrderDate: FUTURE,
    });
    const items = await get('/v1/subscriptions/vera-sub/items');
    expect(items.Items).toEqual([expect.objectContaining({ ID: 'vera-sub-item', Quantity: 2 })]);
    expect((await get('/v1/subscriptions')).Items).toEqual([expect.objectContaining({ ID: 'vera-sub' })]);
    expect(await get('/v1/integrations/subscription')).toMatchObject({
      Url: 'http://127.0.0.1:9/hooks',
      HashKey: 'secret-subscription-hash-key',
    });
    expect((await get('/v1/subscriptions/vera-sub/runs')).Items ?? []).toEqual([]);
    expect((await get('/v1/buyers/victim/spendingaccounts/vera-budget')).Balance).toBe(100000);
    expect((await get('/v1/promotions/victim-only')).ValueExpression).toBe('10');
    expect((await get('/v1/promotions/everyone')).ValueExpression).toBe('10');
    expect((await admin('GET', '/v1/promotions/pwn')).statusCode).toBe(404);
    expect((await admin('GET', '/v1/subscriptions/pwn-sub')).statusCode).toBe(404);
    const assignments = await get('/v1/promotions/assignments?pageSize=100');
    expect(assignments.Items).toHaveLength(2);
    expect(assignments.Items).not.toContainEqual(expect.objectContaining({ BuyerID: 'intruder' }));
    const promos = await get('/v1/orders/Incoming/vera-cart/promotions');
    expect((promos.Items as Body[]).map((p) => p.Code)).toEqual(['VICTIM10']);
    expect(await get('/v1/orders/Incoming/vera-cart')).toMatchObject({
      Status: 'Unsubmitted',
      LineItemCount: 1,
    });
    expect(await get('/v1/orders/Incoming/vera-cart/payments/vera-pay')).toMatchObject({
      CreditCardID: 'vera-card',
    });
    expect((await get('/v1/orders/Incoming/vera-big')).Status).toBe('AwaitingApproval');
    expect(
      ((await get('/v1/orders/Incoming/vera-big/approvals')).Items as Body[]).map((a) => a.Status),
    ).toEqual(['Pending']);
  });
});
