import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  call,
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

const address = (id: string, city: string) => ({
  ID: id,
  AddressName: `Site ${city}`,
  Street1: 'Main street 1',
  City: city,
  State: 'Region',
  Zip: '8000',
  Country: 'DK',
});

const erpXp = {
  ValidFrom: '2024-01-01T00:00:00+00:00',
  ValidTo: null,
  ErpId: 'A-1',
  CountryCode2: 'DK',
  CountryCode3: 'DNK',
};

describe('addresses and /me/addresses', () => {
  let platform: Platform;
  const { admin } = callers(() => platform);
  let anna: string;

  beforeAll(async () => {
    platform = await startPlatform();
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'bo', username: 'bo@acme.example' });
    anna = await loginAs(platform.app, 'anna@acme.example');
    await expectOk(
      await admin('POST', '/v1/buyers/acme/addresses', { ...address('hq', 'Aarhus'), xp: erpXp }),
      201,
    );
    await expectOk(await admin('POST', '/v1/buyers/acme/addresses', address('plant', 'Odense')), 201);
    await expectOk(await admin('POST', '/v1/buyers/acme/addresses', address('bo-only', 'Vejle')), 201);
    await expectOk(
      await admin('POST', '/v1/buyers/acme/usergroups', { ID: 'plant-team', Name: 'Plant' }),
      201,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/usergroups/assignments', {
        UserGroupID: 'plant-team',
        UserID: 'anna',
      }),
      204,
    );
  });
  afterAll(() => platform?.close());

  it('validates addresses and the ERP extension', async () => {
    expect(
      (await admin('POST', '/v1/buyers/acme/addresses', { ...address('x', ''), City: '' })).statusCode,
    ).toBe(400);
    const partialErp = await admin('POST', '/v1/buyers/acme/addresses', {
      ...address('y', 'A'),
      xp: { ErpId: 'only' },
    });
    expect(partialErp.statusCode).toBe(400);
    expect((await admin('GET', '/v1/buyers/acme/addresses/x')).statusCode).toBe(404);
  });

  it('shows a user the addresses assigned to the company, their groups and themselves, with flags', async () => {
    await expectOk(
      await admin('POST', '/v1/buyers/acme/addresses/assignments', { AddressID: 'hq', IsBilling: true }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/addresses/assignments', {
        AddressID: 'plant',
        UserGroupID: 'plant-team',
        IsShipping: true,
      }),
      204,
    );
    await expectOk(
      await admin('POST', '/v1/buyers/acme/addresses/assignments', {
        AddressID: 'bo-only',
        UserID: 'bo',
        IsShipping: true,
      }),
      204,
    );
    const mine = await expectOk<{ Items: Record<string, unknown>[] }>(
      await call(platform.app, anna, 'GET', '/v1/me/addresses?sortBy=ID'),
    );
    expect(mine.Items.map((item) => [item.ID, item.Shipping, item.Billing, item.Editable])).toEqual([
      ['hq', false, true, false],
      ['plant', true, false, false],
    ]);
    expect((await call(platform.app, anna, 'GET', '/v1/me/addresses/bo-only')).statusCode).toBe(404);
    const shipping = await expectOk<{ Items: unknown[] }>(
      await call(platform.app, anna, 'GET', '/v1/me/addresses?City=Odense'),
    );
    expect(shipping.Items).toHaveLength(1);
  });

  it('lets a user keep a personal address book and edit only their own addresses', async () => {
    const created = await expectOk(
      await call(platform.app, anna, 'POST', '/v1/me/addresses', {
        ...address('anna-home', 'Aalborg'),
        Billing: false,
      }),
      201,
    );
    expect(created).toMatchObject({ ID: 'anna-home', Editable: true, Shipping: true, Billing: false });
    const patched = await expectOk(
      await call(platform.app, anna, 'PATCH', '/v1/me/addresses/anna-home', {
        Street2: 'Floor 2',
        xp: { Note: 'gate' },
      }),
    );
    expect(patched).toMatchObject({ Street2: 'Floor 2', City: 'Aalborg', xp: { Note: 'gate' } });
    expect((await call(platform.app, anna, 'PATCH', '/v1/me/addresses/hq', { City: 'X' })).statusCode).toBe(
      404,
    );
    expect((await call(platform.app, anna, 'DELETE', '/v1/me/addresses/hq')).statusCode).toBe(404);
    const bo = await loginAs(platform.app, 'bo@acme.example');
    expect((await call(platform.app, bo, 'GET', '/v1/me/addresses/anna-home')).statusCode).toBe(404);
    expect((await call(platform.app, anna, 'DELETE', '/v1/me/addresses/anna-home')).statusCode).toBe(204);
  });

  it('lists and removes assignments', async () => {
    const list = await expectOk<{ Items: unknown[] }>(
      await admin('GET', '/v1/buyers/acme/addresses/assignments?addressID=plant'),
    );
    expect(list.Items).toEqual([
      { AddressID: 'plant', UserID: null, UserGroupID: 'plant-team', IsShipping: true, IsBilling: false },
    ]);
    expect(
      (await admin('DELETE', '/v1/buyers/acme/addresses/plant/assignments?userGroupID=plant-team'))
        .statusCode,
    ).toBe(204);
    const mine = await expectOk<{ Items: { ID: string }[] }>(
      await call(platform.app, anna, 'GET', '/v1/me/addresses'),
    );
    expect(mine.Items.map((item) => item.ID)).toEqual(['hq']);
  });
});
