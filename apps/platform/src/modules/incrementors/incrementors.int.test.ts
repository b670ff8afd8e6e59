import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  adminWithRoles,
  callers,
  createBuyerWithUser,
  errorCode,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

type Body = Record<string, unknown>;

describe('/v1/incrementors and the order numbers they hand out', () => {
  let platform: Platform;
  const { as, admin } = callers(() => platform);
  let anna: string;

  const adminWith = (...roles: string[]) => adminWithRoles(platform, ...roles);
  const incrementor = async (id: string) => expectOk<Body>(await admin('GET', `/v1/incrementors/${id}`));
  const newOrder = async (body: Body = {}) => as(anna)('POST', '/v1/orders/Outgoing', body);

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    anna = await loginAs(platform.app, 'anna@acme.example');
  });
  afterAll(() => platform?.close());

  it('has the built-in order incrementor, six digits wide', async () => {
    expect(await incrementor('orderIncrementor')).toEqual({
      ID: 'orderIncrementor',
      Name: 'Order numbers',
      LastNumber: 0,
      LeftPaddingCount: 6,
    });
    const order = await expectOk<Body>(await newOrder(), 201);
    expect(order.ID).toBe('000001');
    expect((await incrementor('orderIncrementor')).LastNumber).toBe(1);
  });

  it('creates, lists, replaces, patches and deletes incrementors', async () => {
    const created = await expectOk<Body>(
      await admin('POST', '/v1/incrementors', {
        ID: 'invoice',
        Name: 'Invoices',
        LastNumber: 0,
        LeftPaddingCount: 4,
      }),
      201,
    );
    expect(created).toEqual({ ID: 'invoice', Name: 'Invoices', LastNumber: 0, LeftPaddingCount: 4 });
    const unnamed = await expectOk<Body>(
      await admin('POST', '/v1/incrementors', { LastNumber: 7, LeftPaddingCount: 0 }),
      201,
    );
    expect(unnamed).toMatchObject({ Name: null, LastNumber: 7 });
    expect(unnamed.ID).toEqual(expect.any(String));
    const duplicate = await admin('POST', '/v1/incrementors', {
      ID: 'invoice',
      LastNumber: 0,
      LeftPaddingCount: 0,
    });
    expect(duplicate.statusCode).toBe(409);
    expect(errorCode(duplicate)).toBe('IdExists');

    const searched = await expectOk<{ Items: Body[]; Meta: Body }>(
      await admin('GET', '/v1/incrementors?search=Invoice&searchOn=Name'),
    );
    expect(searched.Items.map((item) => item.ID)).toEqual(['invoice']);
    const filtered = await expectOk<{ Items: Body[] }>(
      await admin('GET', '/v1/incrementors?LeftPaddingCount=>3&sortBy=!ID'),
    );
    expect(filtered.Items.map((item) => item.ID)).toEqual(['orderIncrementor', 'invoice']);

    // PUT replaces (Name gone) or creates under the ID.
    expect(
      await expectOk<Body>(
        await admin('PUT', '/v1/incrementors/invoice', { LastNumber: 10, LeftPaddingCount: 4 }),
      ),
    ).toEqual({ ID: 'invoice', Name: null, LastNumber: 10, LeftPaddingCount: 4 });
    expect(
      await expectOk<Body>(
        await admin('PUT', '/v1/incrementors/credit-note', { LastNumber: 0, LeftPaddingCount: 2 }),
      ),
    ).toMatchObject({ ID: 'credit-note' });
    // PATCH merges, then validates the whole.
    expect(
      await expectOk<Body>(await admin('PATCH', '/v1/incrementors/invoice', { Name: 'Invoice numbers' })),
    ).toEqual({
      ID: 'invoice',
      Name: 'Invoice numbers',
      LastNumber: 10,
      LeftPaddingCount: 4,
    });
    await expectOk(await admin('DELETE', `/v1/incrementors/${unnamed.ID}`), 204);
    const gone = await admin('GET', `/v1/incrementors/${unnamed.ID}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json().Errors[0]).toMatchObject({
      ErrorCode: 'NotFound',
      Data: { ObjectType: 'Incrementor', ObjectID: unnamed.ID },
    });
    expect((await admin('DELETE', '/v1/incrementors/none')).statusCode).toBe(404);
    expect((await admin('PATCH', '/v1/incrementors/none', { Name: 'x' })).statusCode).toBe(404);
  });

  it('refuses bad bodies with InvalidRequest and changes nothing', async () => {
    const before = await incrementor('invoice');
    for (const body of [
      {},
      { LastNumber: 1 },
      { LastNumber: -1, LeftPaddingCount: 0 },
      { LastNumber: 1.5, LeftPaddingCount: 0 },
      { LastNumber: '3', LeftPaddingCount: 0 },
      { LastNumber: 1, LeftPaddingCount: 101 },
      { LastNumber: 1, LeftPaddingCount: -2 },
    ]) {
      const response = await admin('PUT', '/v1/incrementors/invoice', body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(errorCode(response)).toBe('InvalidRequest');
    }
    const patched = await admin('PATCH', '/v1/incrementors/invoice', { LastNumber: -5 });
    expect(errorCode(patched)).toBe('InvalidRequest');
    const badId = await admin('POST', '/v1/incrementors', {
      ID: 'a b{c}',
      LastNumber: 0,
      LeftPaddingCount: 0,
    });
    expect(errorCode(badId)).toBe('InvalidRequest');
    expect(await incrementor('invoice')).toEqual(before);
    expect((await admin('GET', '/v1/incrementors/a%20b%7Bc%7D')).statusCode).toBe(404);
  });

  it('takes roles: IncrementorReader reads, IncrementorAdmin writes, buyer users neither', async () => {
    const reader = await adminWith('IncrementorReader');
    await expectOk(await as(reader)('GET', '/v1/incrementors'));
    await expectOk(await as(reader)('GET', '/v1/incrementors/invoice'));
    const refused = await as(reader)('PATCH', '/v1/incrementors/invoice', { LastNumber: 0 });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().Errors[0]).toMatchObject({
      ErrorCode: 'Auth.InsufficientRoles',
      Data: { SufficientRoles: ['IncrementorAdmin'] },
    });
    const writer = await adminWith('IncrementorAdmin');
    await expectOk(await as(writer)('PATCH', '/v1/incrementors/invoice', { LastNumber: 10 }));
    const other = await adminWith('OrderAdmin');
    expect((await as(other)('GET', '/v1/incrementors')).statusCode).toBe(403);
    for (const [method, url, body] of [
      ['GET', '/v1/incrementors'],
      ['GET', '/v1/incrementors/orderIncrementor'],
      ['PUT', '/v1/incrementors/orderIncrementor', { LastNumber: 0, LeftPaddingCount: 0 }],
      ['POST', '/v1/incrementors', { ID: 'mine', LastNumber: 0, LeftPaddingCount: 0 }],
      ['DELETE', '/v1/incrementors/invoice'],
    ] as const) {
      expect((await as(anna)(method, url, body)).statusCode).toBe(403);
    }
    expect((await incrementor('invoice')).LastNumber).toBe(10);
    expect((await admin('GET', '/v1/incrementors/mine')).statusCode).toBe(404);
  });

  it('fills order ID templates; LeftPaddingCount is a minimum, not a maximum', async () => {
    await expectOk(
      await admin('PUT', '/v1/incrementors/po', { Name: 'PO', LastNumber: 98, LeftPaddingCount: 3 }),
    );
    const ids: string[] = [];
    for (let i = 0; i < 3; i++)
      ids.push((await expectOk<Body>(await newOrder({ ID: 'PO-{po}' }), 201)).ID as string);
    expect(ids).toEqual(['PO-099', 'PO-100', 'PO-101']);
    await expectOk(await admin('PATCH', '/v1/incrementors/po', { LastNumber: 998 }));
    expect((await expectOk<Body>(await newOrder({ ID: 'PO-{po}' }), 201)).ID).toBe('PO-999');
    expect((await expectOk<Body>(await newOrder({ ID: 'PO-{po}' }), 201)).ID).toBe('PO-1000');
    expect((await incrementor('po')).LastNumber).toBe(1000);
    // Two tokens take two numbers; the default template keeps working next to a custom one.
    const both = await expectOk<Body>(await newOrder({ ID: '{po}-{orderIncrementor}' }), 201);
    expect(both.ID).toMatch(/^1001-\d{6}$/);
  });

  it('an unknown incrementor in a template is NotFound, and takes no number from the others', async () => {
    const before = await incrementor('po');
    const orderBefore = await incrementor('orderIncrementor');
    const response = await newOrder({ ID: '{po}-{nope}' });
    expect(response.statusCode).toBe(404);
    expect(response.json().Errors[0]).toMatchObject({
      Data: { ObjectType: 'Incrementor', ObjectID: 'nope' },
    });
    expect(await incrementor('po')).toEqual(before);
    // An order ID already taken gives its number back too (the order's transaction rolls back).
    await expectOk(await admin('PATCH', '/v1/incrementors/po', { LastNumber: 998 }));
    const taken = await newOrder({ ID: 'PO-{po}' });
    expect(taken.statusCode).toBe(409);
    expect((await incrementor('po')).LastNumber).toBe(998);
    expect(await incrementor('orderIncrementor')).toEqual(orderBefore);
  });

  it('refuses to delete the order incrementor: orders without an ID need it', async () => {
    const response = await admin('DELETE', '/v1/incrementors/orderIncrementor');
    expect(response.statusCode).toBe(400);
    expect(errorCode(response)).toBe('InvalidRequest');
    await incrementor('orderIncrementor');
    await expectOk(await newOrder(), 201);
  });

  it('never hands out the same number to orders created at the same time', async () => {
    await expectOk(await admin('PUT', '/v1/incrementors/rush', { LastNumber: 0, LeftPaddingCount: 4 }));
    const before = (await incrementor('orderIncrementor')).LastNumber as number;
    const count = 24;
    const responses = await Promise.all(
      Array.from({ length: count }, (_, i) => newOrder(i % 2 === 0 ? { ID: 'R-{rush}' } : {})),
    );
    const ids = await Promise.all(
      responses.map((response) => expectOk<Body>(response, 201).then((o) => o.ID)),
    );
    expect(new Set(ids).size).toBe(count);
    expect(ids.filter((id) => String(id).startsWith('R-')).sort()).toEqual(
      Array.from({ length: count / 2 }, (_, i) => `R-${String(i + 1).padStart(4, '0')}`),
    );
    const numbers = ids.filter((id) => !String(id).startsWith('R-')).map(Number);
    expect(numbers.sort((a, b) => a - b)).toEqual(
      Array.from({ length: count / 2 }, (_, i) => before + i + 1),
    );
    expect((await incrementor('rush')).LastNumber).toBe(count / 2);
    expect((await incrementor('orderIncrementor')).LastNumber).toBe(before + count / 2);
  });
});
