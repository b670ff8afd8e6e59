import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithRoles,
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
type Page = { Items: Body[]; Meta: Body };

const FUTURE = '2099-01-01T00:00:00.000Z';

describe('company credit cards: /v1/buyers/{id}/creditcards, assignments, and their use', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;
  let bo: string;
  let cy: string;
  const base = '/v1/buyers/acme/creditcards';
  const ids = (page: Page) => page.Items.map((item) => item.ID);
  const card = (id: string, extra: Body = {}) => ({
    ID: id,
    Token: `gw_tok_${id}`,
    CardType: 'Visa',
    PartialAccountNumber: '4242',
    CardholderName: 'ACME A/S',
    ExpirationDate: '2030-03-31T00:00:00.000Z',
    ...extra,
  });
  const assign = (body: Body) => admin('POST', `${base}/assignments`, body);

  beforeAll(async () => {
    platform = await startPlatform();
    for (const user of ['anna', 'bo', 'cy'])
      await createBuyerWithUser(platform, {
        buyerId: 'acme',
        userId: user,
        username: `${user}@acme.example`,
      });
    await createUserGroup(platform, { buyerId: 'acme', groupId: 'buyers', userIds: ['cy'] });
    [anna, bo, cy] = await Promise.all([
      loginAs(platform.app, 'anna@acme.example'),
      loginAs(platform.app, 'bo@acme.example'),
      loginAs(platform.app, 'cy@acme.example'),
    ]);
    await expectOk(
      await as(anna)('POST', '/v1/me/creditcards', card('annas-own', { CardholderName: 'Anna' })),
      201,
    );
  });
  afterAll(() => platform?.close());

  it('creates, lists, replaces, patches and deletes company cards', async () => {
    const created = await expectOk<Body>(
      await admin('POST', base, card('corp-visa', { xp: { CostCode: 'IT' } })),
      201,
    );
    expect(created).toEqual({
      ID: 'corp-visa',
      Token: 'gw_tok_corp-visa',
      DateCreated: expect.any(String),
      CardType: 'Visa',
      PartialAccountNumber: '4242',
      CardholderName: 'ACME A/S',
      ExpirationDate: '2030-03-31T00:00:00.000Z',
      xp: { CostCode: 'IT' },
    });
    await expectOk(await admin('POST', base, card('corp-amex', { CardType: 'Amex' })), 201);
    await expectOk(await admin('POST', base, card('corp-all', { CardType: 'Mastercard' })), 201);
    await expectOk(await admin('POST', base, card('corp-temp')), 201);
    expect(ids(await expectOk<Page>(await admin('GET', base)))).toEqual([
      'corp-visa',
      'corp-amex',
      'corp-all',
      'corp-temp',
    ]);
    expect(
      ids(await expectOk<Page>(await admin('GET', `${base}?CardType=Amex|Mastercard&sortBy=ID`))),
    ).toEqual(['corp-all', 'corp-amex']);
    expect(ids(await expectOk<Page>(await admin('GET', `${base}?search=amex`)))).toEqual(['corp-amex']);

    expect(
      await expectOk<Body>(await admin('PUT', `${base}/corp-temp`, { Token: 'gw_tok_new' })),
    ).toMatchObject({
      ID: 'corp-temp',
      Token: 'gw_tok_new',
      CardType: null,
      PartialAccountNumber: null,
    });
    expect(
      await expectOk<Body>(
        await admin('PATCH', `${base}/corp-visa`, { CardholderName: 'ACME IT', xp: { Owner: 'bo' } }),
      ),
    ).toMatchObject({ CardholderName: 'ACME IT', CardType: 'Visa', xp: { CostCode: 'IT', Owner: 'bo' } });
    await expectOk(await admin('DELETE', `${base}/corp-temp`), 204);
    const gone = await admin('GET', `${base}/corp-temp`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().Errors[0].Data).toEqual({ ObjectType: 'CreditCard', ObjectID: 'corp-temp' });
    const duplicate = await admin('POST', base, card('corp-visa'));
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe('IdExists');
  });

  it('never stores anything that looks like a card number, through the admin endpoints either', async () => {
    const before = await expectOk<Body>(await admin('GET', `${base}/corp-visa`));
    const attempts: [string, string, Body][] = [
      ['POST', base, card('pan', { PartialAccountNumber: '4111111111111111' })],
      ['POST', base, card('pan', { Token: '5555 5555 5555 4444' })],
      ['POST', base, card('pan', { xp: { Note: { Deep: ['card 4111-1111-1111-1111'] } } })],
      ['PUT', `${base}/pan`, card('pan', { CardholderName: '378282246310005' })],
      ['PUT', `${base}/corp-visa`, card('corp-visa', { Token: '4000056655665556' })],
      ['PATCH', `${base}/corp-visa`, { xp: { Pan: '4242424242424242' } }],
      ['PATCH', `${base}/corp-visa`, { PartialAccountNumber: '42424' }],
    ];
    for (const [method, url, body] of attempts) {
      const response = await admin(method as 'POST', url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(400);
      expect(errorCode(response)).toBe('InvalidRequest');
    }
    expect((await admin('GET', `${base}/pan`)).statusCode).toBe(404);
    expect(await expectOk<Body>(await admin('GET', `${base}/corp-visa`))).toEqual(before);
  });

  it('keeps personal cards out of the admin endpoints', async () => {
    expect(ids(await expectOk<Page>(await admin('GET', base)))).not.toContain('annas-own');
    for (const [method, body] of [['GET'], ['PATCH', { CardholderName: 'x' }], ['DELETE']] as const) {
      const response = await admin(method, `${base}/annas-own`, body);
      expect(response.statusCode, method).toBe(404);
    }
    // Card IDs are unique across the marketplace: the ID is taken, the card is not the admin's.
    expect((await admin('PUT', `${base}/annas-own`, card('annas-own'))).statusCode).toBe(409);
    const assigned = await assign({ CreditCardID: 'annas-own', UserID: 'bo' });
    expect(assigned.statusCode).toBe(404);
    expect(assigned.json().Errors[0].Data).toMatchObject({ ObjectType: 'CreditCard' });
    expect(await expectOk<Body>(await as(anna)('GET', '/v1/me/creditcards/annas-own'))).toMatchObject({
      CardholderName: 'Anna',
      Token: 'gw_tok_annas-own',
    });
  });

  it('assigns cards to a user, a group or the company, and lists and removes assignments', async () => {
    await expectOk(await assign({ CreditCardID: 'corp-visa', UserID: 'bo' }), 204);
    await expectOk(await assign({ CreditCardID: 'corp-visa', UserID: 'bo' }), 204);
    await expectOk(await assign({ CreditCardID: 'corp-amex', UserGroupID: 'buyers' }), 204);
    await expectOk(await assign({ CreditCardID: 'corp-all' }), 204);
    expect((await expectOk<Page>(await admin('GET', `${base}/assignments`))).Items).toEqual([
      { CreditCardID: 'corp-visa', UserID: 'bo', UserGroupID: null },
      { CreditCardID: 'corp-amex', UserID: null, UserGroupID: 'buyers' },
      { CreditCardID: 'corp-all', UserID: null, UserGroupID: null },
    ]);
    const list = async (query: string) =>
      (await expectOk<Page>(await admin('GET', `${base}/assignments?${query}`))).Items.map(
        (item) => item.CreditCardID,
      );
    expect(await list('level=User')).toEqual(['corp-visa']);
    expect(await list('level=Group')).toEqual(['corp-amex']);
    expect(await list('level=Company')).toEqual(['corp-all']);
    expect(await list('userID=bo')).toEqual(['corp-visa']);
    expect(await list('userGroupID=buyers')).toEqual(['corp-amex']);
    expect(await list('creditCardID=corp-all')).toEqual(['corp-all']);
    expect(await list('page=2&pageSize=2')).toEqual(['corp-all']);

    const refusals: [Body, number, string][] = [
      [{ UserID: 'bo' }, 400, 'InvalidRequest'],
      [
        { CreditCardID: 'corp-visa', UserID: 'bo', UserGroupID: 'buyers' },
        400,
        'PartyAssignment.CannotSpecifyGroupAndUser',
      ],
      [{ CreditCardID: 'nope', UserID: 'bo' }, 404, 'NotFound'],
      [{ CreditCardID: 'corp-visa', UserID: 'ghost' }, 404, 'NotFound'],
      [{ CreditCardID: 'corp-visa', UserGroupID: 'ghosts' }, 404, 'NotFound'],
    ];
    for (const [body, status, code] of refusals) {
      const response = await assign(body);
      expect(response.statusCode, JSON.stringify(body)).toBe(status);
      expect(errorCode(response)).toBe(code);
    }
    expect((await expectOk<Page>(await admin('GET', `${base}/assignments`))).Items).toHaveLength(3);
    expect(
      errorCode(await admin('DELETE', `${base}/corp-visa/assignments?userID=bo&userGroupID=buyers`)),
    ).toBe('PartyAssignment.CannotSpecifyGroupAndUser');
    expect((await admin('DELETE', `${base}/corp-visa/assignments?userID=anna`)).statusCode).toBe(404);
    expect((await admin('DELETE', `${base}/corp-visa/assignments`)).statusCode).toBe(404);
  });

  it('shows each user their own cards and the company cards assigned to them, read-only', async () => {
    const mine = async (token: string, query = '') =>
      (await expectOk<Page>(await as(token)('GET', `/v1/me/creditcards${query}`))).Items.map((item) => [
        item.ID,
        item.Editable,
      ]);
    expect(await mine(anna)).toEqual([
      ['annas-own', true],
      ['corp-all', false],
    ]);
    expect(await mine(bo)).toEqual([
      ['corp-visa', false],
      ['corp-all', false],
    ]);
    expect(await mine(cy)).toEqual([
      ['corp-amex', false],
      ['corp-all', false],
    ]);
    expect(await mine(anna, '?Editable=true')).toEqual([['annas-own', true]]);
    expect(await mine(bo, '?sortBy=!ID')).toEqual([
      ['corp-visa', false],
      ['corp-all', false],
    ]);
    expect(await expectOk<Body>(await as(bo)('GET', '/v1/me/creditcards/corp-visa'))).toMatchObject({
      ID: 'corp-visa',
      Editable: false,
      Token: 'gw_tok_corp-visa',
      PartialAccountNumber: '4242',
    });
    // Not assigned to anna: as if it did not exist.
    expect((await as(anna)('GET', '/v1/me/creditcards/corp-visa')).statusCode).toBe(404);
    expect((await as(anna)('PUT', '/v1/me/creditcards/corp-visa', card('corp-visa'))).statusCode).toBe(404);

    const before = await expectOk<Body>(await admin('GET', `${base}/corp-visa`));
    for (const [method, body] of [
      ['PUT', card('corp-visa', { Token: 'gw_tok_bo' })],
      ['PATCH', { CardholderName: 'Bo' }],
      ['DELETE'],
    ] as const) {
      const response = await as(bo)(method, '/v1/me/creditcards/corp-visa', body);
      expect(response.statusCode, method).toBe(403);
      expect(errorCode(response)).toBe('CreditCard.CannotEditPublic');
    }
    expect(await expectOk<Body>(await admin('GET', `${base}/corp-visa`))).toEqual(before);
  });

  it('lets a user pay and subscribe with a card assigned to them, and with no other', async () => {
    const pay = async (token: string, cardId: string) => {
      const order = await expectOk<Body>(await as(token)('POST', '/v1/orders/Outgoing', {}), 201);
      return as(token)('POST', `/v1/orders/Outgoing/${order.ID}/payments`, {
        Type: 'CreditCard',
        CreditCardID: cardId,
      });
    };
    await expectOk(await pay(bo, 'corp-visa'), 201);
    await expectOk(await pay(cy, 'corp-amex'), 201);
    await expectOk(await pay(anna, 'corp-all'), 201);
    await expectOk(await pay(anna, 'annas-own'), 201);
    for (const [token, cardId] of [
      [anna, 'corp-visa'],
      [anna, 'corp-amex'],
      [bo, 'corp-amex'],
      [bo, 'annas-own'],
      [cy, 'corp-visa'],
    ] as const) {
      const refused = await pay(token, cardId);
      expect(refused.statusCode, cardId).toBe(404);
      expect(refused.json().Errors[0].Data).toMatchObject({ ObjectType: 'CreditCard', ObjectID: cardId });
    }
    const subscribe = (token: string, id: string, cardId: string) =>
      as(token)('POST', '/v1/me/subscriptions', {
        ID: id,
        Frequency: 1,
        Interval: 'Months',
        NextOrderDate: FUTURE,
        Payment: { Type: 'CreditCard', CreditCardID: cardId },
      });
    await expectOk(await subscribe(bo, 'bo-monthly', 'corp-visa'), 201);
    expect((await subscribe(anna, 'anna-monthly', 'corp-visa')).statusCode).toBe(404);
    expect((await admin('GET', '/v1/subscriptions/anna-monthly')).statusCode).toBe(404);

    // Leaving the group, or losing the assignment, takes the card away from the next request on.
    await expectOk(await admin('DELETE', '/v1/buyers/acme/usergroups/buyers/assignments/cy'), 204);
    expect((await pay(cy, 'corp-amex')).statusCode).toBe(404);
    await expectOk(await admin('DELETE', `${base}/corp-visa/assignments?userID=bo`), 204);
    expect((await pay(bo, 'corp-visa')).statusCode).toBe(404);
    expect((await as(bo)('GET', '/v1/me/creditcards/corp-visa')).statusCode).toBe(404);
  });

  it('deletes a card’s assignments with it', async () => {
    await expectOk(await admin('DELETE', `${base}/corp-all`), 204);
    expect(
      (await expectOk<Page>(await admin('GET', `${base}/assignments?creditCardID=corp-all`))).Items,
    ).toEqual([]);
    await expectOk(await admin('PUT', `${base}/corp-all`, card('corp-all')));
    expect((await as(anna)('GET', '/v1/me/creditcards/corp-all')).statusCode).toBe(404);
  });

  it('takes CreditCardReader to read and CreditCardAdmin to write; shoppers reach neither', async () => {
    const reader = await adminWithRoles(platform, 'CreditCardReader');
    await expectOk(await as(reader)('GET', base));
    await expectOk(await as(reader)('GET', `${base}/corp-visa`));
    await expectOk(await as(reader)('GET', `${base}/assignments`));
    const writes = [
      ['POST', base, card('reader-card')],
      ['PUT', `${base}/corp-visa`, card('corp-visa')],
      ['PATCH', `${base}/corp-visa`, { CardholderName: 'x' }],
      ['DELETE', `${base}/corp-visa`],
      ['POST', `${base}/assignments`, { CreditCardID: 'corp-visa', UserID: 'anna' }],
      ['DELETE', `${base}/corp-amex/assignments?userGroupID=buyers`],
    ] as const;
    for (const [method, url, body] of writes) {
      const response = await as(reader)(method, url, body);
      expect(response.statusCode, `${method} ${url}`).toBe(403);
      expect(response.json().Errors[0].Data).toEqual({ SufficientRoles: ['CreditCardAdmin'] });
    }
    for (const [method, url, body] of [['GET', base], ['GET', `${base}/assignments`], ...writes] as const) {
      expect((await as(bo)(method, url, body)).statusCode, `${method} ${url}`).toBe(403);
    }
    expect((await admin('GET', `${base}/reader-card`)).statusCode).toBe(404);
    expect(await expectOk<Body>(await admin('GET', `${base}/corp-visa`))).toMatchObject({
      CardholderName: 'ACME IT',
    });
    expect((await admin('GET', '/v1/buyers/nobody/creditcards')).statusCode).toBe(404);
  });
});
