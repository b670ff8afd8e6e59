import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
type Page = { Items: Body[] };
type Attempt = [Method, string, unknown?];

const ADMIN_ROLES = [
  'BuyerAdmin',
  'BuyerReader',
  'BuyerUserAdmin',
  'BuyerUserReader',
  'UserGroupAdmin',
  'UserGroupReader',
  'CreditCardAdmin',
  'CreditCardReader',
  'CostCenterAdmin',
  'CostCenterReader',
  'IncrementorAdmin',
  'IncrementorReader',
  'AddressAdmin',
  'SpendingAccountAdmin',
];

/**
 * Isolation of buyer users (unlock, move, list across buyers), buyer credit cards, cost centers,
 * their assignments and incrementors. Two intruders hold misassigned admin roles: ivan of another
 * company, and walt of vera's own company (for what OrderCloud scopes by user: the cards assigned to
 * vera and her personal card). Neither finds nor changes anything that is not theirs, and neither can
 * pay with a card that is not assigned to them.
 */
describe('isolation of buyer users, credit cards, cost centers and incrementors', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let vera: string;
  let ivan: string;
  let walt: string;

  /** What an admin sees of the victim company: compared before and after every intrusion. */
  const victimState = async () => {
    const read = async (url: string) => (await expectOk<Page>(await admin('GET', url))).Items;
    return {
      users: await read('/v1/buyers/victim/users'),
      groups: await read('/v1/buyers/victim/usergroups/assignments'),
      cards: await read('/v1/buyers/victim/creditcards'),
      cardAssignments: await read('/v1/buyers/victim/creditcards/assignments'),
      costCenters: await read('/v1/buyers/victim/costcenters'),
      costCenterAssignments: await read('/v1/buyers/victim/costcenters/assignments'),
      // Orders take numbers meanwhile: LastNumber is checked on its own.
      incrementors: (await read('/v1/incrementors')).map(({ LastNumber: _, ...rest }) => rest),
      orderNumber: (await read('/v1/incrementors?ID=orderIncrementor'))[0]?.LastNumber as number,
      veraCards: (await expectOk<Page>(await as(vera)('GET', '/v1/me/creditcards'))).Items,
      intruderUsers: await read('/v1/buyers/intruder/users'),
    };
  };
  let before: Awaited<ReturnType<typeof victimState>>;

  beforeAll(async () => {
    platform = await startPlatform();
    await createIsolationCast(platform, ADMIN_ROLES);
    await seedSmallCatalog(platform, ['victim', 'intruder']);
    await createUserGroup(platform, { buyerId: 'victim', groupId: 'victim-group', userIds: ['vera'] });
    // Company cards: one for vera alone, one for her group, one for the whole company.
    for (const id of ['vera-corp', 'group-corp', 'victim-all'])
      await expectOk(
        await admin('POST', '/v1/buyers/victim/creditcards', {
          ID: id,
          Token: `gw_tok_${id}`,
          PartialAccountNumber: '1111',
        }),
        201,
      );
    for (const assignment of [
      { CreditCardID: 'vera-corp', UserID: 'vera' },
      { CreditCardID: 'group-corp', UserGroupID: 'victim-group' },
      { CreditCardID: 'victim-all' },
    ])
      await expectOk(await admin('POST', '/v1/buyers/victim/creditcards/assignments', assignment), 204);
    // Cost centers: the group's and the company's.
    await expectOk(
      await admin('POST', '/v1/buyers/victim/costcenters', { ID: 'victim-cc', Name: 'Secret' }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/costcenters', { ID: 'victim-all-cc', Name: 'All' }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/costcenters/assignments', {
        CostCenterID: 'victim-cc',
        UserGroupID: 'victim-group',
      }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/victim/costcenters/assignments', { CostCenterID: 'victim-all-cc' }),
      204,
    );
    vera = await loginAs(platform.app, 'vera@victim.example');
    await expectOk(
      await as(vera)('POST', '/v1/me/creditcards', {
        ID: 'vera-own',
        Token: 'gw_tok_vera-own',
        PartialAccountNumber: '2222',
      }),
      201,
    );
    ivan = await loginAs(platform.app, 'ivan@intruder.example');
    walt = await loginAs(platform.app, 'walt@victim.example');
    // Ivan's own company card and cost center, to try to hand them to the victim's parties.
    await expectOk(
      await as(ivan)('POST', '/v1/buyers/intruder/creditcards', { ID: 'ivan-corp', Token: 'gw_tok_ivan' }),
      201,
    );
    await expectOk(
      await as(ivan)('POST', '/v1/buyers/intruder/costcenters', { ID: 'ivan-cc', Name: 'Mine' }),
      201,
    );
    before = await victimState();
  });
  afterAll(() => platform?.close());

  it('vera herself reaches her cards and cost centers (the refusals below are not wrong URLs)', async () => {
    const cards = await expectOk<Page>(await as(vera)('GET', '/v1/me/creditcards'));
    expect(cards.Items.map((item) => item.ID).sort()).toEqual([
      'group-corp',
      'vera-corp',
      'vera-own',
      'victim-all',
    ]);
    const costCenters = await expectOk<Page>(await as(vera)('GET', '/v1/me/costcenters'));
    expect(costCenters.Items.map((item) => item.ID).sort()).toEqual(['victim-all-cc', 'victim-cc']);
    for (const card of ['vera-corp', 'group-corp', 'victim-all', 'vera-own']) {
      const order = await expectOk<Body>(await as(vera)('POST', '/v1/orders/Outgoing', {}), 201);
      await expectOk(
        await as(vera)('POST', `/v1/orders/Outgoing/${order.ID}/payments`, {
          Type: 'CreditCard',
          CreditCardID: card,
        }),
        201,
      );
    }
  });

  /** Another company's users, cards, cost centers and assignments, and the marketplace's incrementors. */
  const companyScoped: Attempt[] = [
    ['GET', '/v1/buyers/victim/users'],
    ['GET', '/v1/buyers/victim/users/vera'],
    ['PATCH', '/v1/buyers/victim/users/vera', { FirstName: 'pwned' }],
    ['POST', '/v1/buyers/victim/users/vera/unlock'],
    ['POST', '/v1/buyers/victim/users/vera/moveto/intruder?orders=None'],
    ['POST', '/v1/buyers/victim/users/walt/moveto/intruder?orders=None'],
    ['GET', '/v1/buyerusers'],
    ['GET', '/v1/buyerusers?CompanyID=victim'],
    ['GET', '/v1/buyers/victim/creditcards'],
    ['GET', '/v1/buyers/victim/creditcards/vera-corp'],
    ['POST', '/v1/buyers/victim/creditcards', { ID: 'pwn-card', Token: 't' }],
    ['PUT', '/v1/buyers/victim/creditcards/vera-corp', { Token: 'gw_tok_pwn' }],
    ['PATCH', '/v1/buyers/victim/creditcards/vera-corp', { Token: 'gw_tok_pwn' }],
    ['DELETE', '/v1/buyers/victim/creditcards/vera-corp'],
    ['GET', '/v1/buyers/victim/creditcards/assignments'],
    ['POST', '/v1/buyers/victim/creditcards/assignments', { CreditCardID: 'vera-corp' }],
    ['DELETE', '/v1/buyers/victim/creditcards/vera-corp/assignments?userID=vera'],
    ['GET', '/v1/buyers/victim/costcenters'],
    ['GET', '/v1/buyers/victim/costcenters/victim-cc'],
    ['POST', '/v1/buyers/victim/costcenters', { ID: 'pwn-cc', Name: 'x' }],
    ['PUT', '/v1/buyers/victim/costcenters/victim-cc', { Name: 'pwned' }],
    ['PATCH', '/v1/buyers/victim/costcenters/victim-cc', { Name: 'pwned' }],
    ['DELETE', '/v1/buyers/victim/costcenters/victim-cc'],
    ['GET', '/v1/buyers/victim/costcenters/assignments'],
    ['POST', '/v1/buyers/victim/costcenters/assignments', { CostCenterID: 'victim-cc' }],
    ['DELETE', '/v1/buyers/victim/costcenters/victim-cc/assignments?userGroupID=victim-group'],
    ['GET', '/v1/incrementors'],
    ['GET', '/v1/incrementors/orderIncrementor'],
    ['PUT', '/v1/incrementors/orderIncrementor', { LastNumber: 0, LeftPaddingCount: 0 }],
    ['PATCH', '/v1/incrementors/orderIncrementor', { LastNumber: 0 }],
    ['POST', '/v1/incrementors', { ID: 'pwn', LastNumber: 0, LeftPaddingCount: 0 }],
    ['DELETE', '/v1/incrementors/orderIncrementor'],
    // Through his own company's routes: into the victim company, or with its cards, users and groups.
    ['POST', '/v1/buyers/intruder/users/ivan/moveto/victim?orders=None'],
    ['POST', '/v1/buyers/intruder/creditcards/assignments', { CreditCardID: 'vera-corp', UserID: 'ivan' }],
    ['POST', '/v1/buyers/intruder/creditcards/assignments', { CreditCardID: 'ivan-corp', UserID: 'vera' }],
    [
      'POST',
      '/v1/buyers/intruder/creditcards/assignments',
      { CreditCardID: 'ivan-corp', UserGroupID: 'victim-group' },
    ],
    ['GET', '/v1/buyers/intruder/creditcards/vera-corp'],
    ['PUT', '/v1/buyers/intruder/creditcards/vera-corp', { Token: 'gw_tok_pwn' }],
    ['DELETE', '/v1/buyers/intruder/creditcards/vera-corp/assignments?userID=vera'],
    ['POST', '/v1/buyers/intruder/costcenters/assignments', { CostCenterID: 'victim-cc' }],
    [
      'POST',
      '/v1/buyers/intruder/costcenters/assignments',
      { CostCenterID: 'ivan-cc', UserGroupID: 'victim-group' },
    ],
    ['DELETE', '/v1/buyers/intruder/costcenters/victim-cc/assignments?userGroupID=victim-group'],
  ];

  it.each(companyScoped)('ivan: %s %s is refused', async (method, url, body) => {
    const response = await as(ivan)(method, url, body);
    expect([403, 404, 409], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
    expect(response.body).not.toMatch(/gw_tok_|vera@victim|Secret/);
  });

  /** What vera holds as a user: not even walt, of her own company and with its admin roles, reaches it. */
  const userScoped: Attempt[] = [
    ['GET', '/v1/me/creditcards/vera-corp'],
    ['GET', '/v1/me/creditcards/group-corp'],
    ['GET', '/v1/me/creditcards/vera-own'],
    ['PUT', '/v1/me/creditcards/vera-own', { Token: 'gw_tok_pwn' }],
    ['PATCH', '/v1/me/creditcards/vera-own', { Token: 'gw_tok_pwn' }],
    ['DELETE', '/v1/me/creditcards/vera-own'],
    ['GET', '/v1/buyers/victim/creditcards/vera-own'],
    ['PATCH', '/v1/buyers/victim/creditcards/vera-own', { Token: 'gw_tok_pwn' }],
    ['DELETE', '/v1/buyers/victim/creditcards/vera-own'],
    ['POST', '/v1/buyers/victim/creditcards/assignments', { CreditCardID: 'vera-own', UserID: 'walt' }],
  ];

  describe.each(['ivan', 'walt'])('%s', (name) => {
    const token = () => (name === 'ivan' ? ivan : walt);

    it.each(userScoped)('%s %s is refused', async (method, url, body) => {
      const response = await as(token())(method, url, body);
      expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.body).not.toMatch(/gw_tok_vera|gw_tok_group/);
    });

    it('cannot pay with, nor see, a card that is not assigned to him', async () => {
      const refused =
        name === 'ivan'
          ? ['vera-corp', 'group-corp', 'victim-all', 'vera-own']
          : ['vera-corp', 'group-corp', 'vera-own'];
      const order = await expectOk<Body>(await as(token())('POST', '/v1/orders/Outgoing', {}), 201);
      for (const card of refused) {
        const response = await as(token())('POST', `/v1/orders/Outgoing/${order.ID}/payments`, {
          Type: 'CreditCard',
          CreditCardID: card,
        });
        expect(response.statusCode, card).toBe(404);
        const subscription = await as(token())('POST', '/v1/me/subscriptions', {
          ID: `${name}-${card}`,
          Frequency: 1,
          Interval: 'Months',
          NextOrderDate: '2099-01-01T00:00:00.000Z',
          Payment: { Type: 'CreditCard', CreditCardID: card },
        });
        expect(subscription.statusCode, card).toBe(404);
      }
      expect(
        (await expectOk<Page>(await admin('GET', `/v1/orders/Incoming/${order.ID}/payments`))).Items,
      ).toEqual([]);
      const visible = (await expectOk<Page>(await as(token())('GET', '/v1/me/creditcards'))).Items.map(
        (item) => item.ID,
      );
      expect(visible.filter((id) => refused.includes(id as string))).toEqual([]);
      const costCenters = (await expectOk<Page>(await as(token())('GET', '/v1/me/costcenters'))).Items;
      expect(costCenters.map((item) => item.ID)).toEqual(name === 'ivan' ? [] : ['victim-all-cc']);
    });
  });

  it('left everything of the victim company as it was', async () => {
    const after = await victimState();
    expect({ ...after, orderNumber: 0 }).toEqual({ ...before, orderNumber: 0 });
    expect(after.orderNumber).toBeGreaterThan(before.orderNumber);
    expect((await expectOk<Body>(await admin('GET', '/v1/buyers/victim/users/vera'))).CompanyID).toBe(
      'victim',
    );
    expect((await expectOk<Body>(await admin('GET', '/v1/buyers/intruder/users/ivan'))).CompanyID).toBe(
      'intruder',
    );
  });
});
