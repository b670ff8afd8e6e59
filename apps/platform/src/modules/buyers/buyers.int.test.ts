import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { callers, expectOk, type Platform, startPlatform } from '../../testing/harness.ts';

const company = (id: string, name: string, currency: 'DKK' | 'EUR', creditHold = false) => ({
  ID: id,
  Name: name,
  Active: true,
  xp: {
    CrmId: `CRM-${id}`,
    ErpId: `ERP-${id}`,
    SalesCompanyId: 'ACD',
    CreditHold: creditHold,
    Currency: currency,
    CountryCode2: 'DK',
    CountryCode3: 'DNK',
    Address: { City: 'Aarhus', Tags: ['a', 'b'] },
  },
});

describe('buyers', () => {
  let platform: Platform;
  const { admin } = callers(() => platform);

  beforeAll(async () => {
    platform = await startPlatform();
    await expectOk(await admin('POST', '/v1/buyers', company('acme-dk', 'Acme Danmark', 'DKK')), 201);
    await expectOk(
      await admin('POST', '/v1/buyers', company('acme-de', 'Acme Deutschland', 'EUR', true)),
      201,
    );
    await expectOk(await admin('POST', '/v1/buyers', company('zeta', 'Zeta Motion', 'EUR')), 201);
  });
  afterAll(() => platform?.close());

  it('creates and reads a buyer with its company extension', async () => {
    const buyer = await expectOk(await admin('GET', '/v1/buyers/acme-dk'));
    expect(buyer).toMatchObject({
      ID: 'acme-dk',
      Name: 'Acme Danmark',
      Active: true,
      xp: { Currency: 'DKK' },
    });
    expect(typeof buyer.DateCreated).toBe('string');
  });

  it('refuses a duplicate ID with 409 IdExists and an invalid extension with 400', async () => {
    const duplicate = await admin('POST', '/v1/buyers', company('acme-dk', 'Again', 'DKK'));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().Errors[0]).toMatchObject({
      ErrorCode: 'IdExists',
      Data: { ObjectID: 'acme-dk' },
    });
    const bad = await admin('POST', '/v1/buyers', {
      ...company('bad', 'Bad', 'DKK'),
      xp: { Currency: 'USD' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().Errors[0].ErrorCode).toBe('InvalidRequest');
    expect((await admin('GET', '/v1/buyers/bad')).statusCode).toBe(404);
  });

  it('answers an unknown buyer with NotFound and its object type and ID', async () => {
    const response = await admin('GET', '/v1/buyers/missing');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({
      Errors: [
        {
          ErrorCode: 'NotFound',
          Message: expect.any(String),
          Data: { ObjectType: 'Buyer', ObjectID: 'missing' },
        },
      ],
    });
  });

  it('lists with Meta, filters on fields and xp, search and sort', async () => {
    const all = await expectOk<{ Meta: Record<string, unknown>; Items: { ID: string }[] }>(
      await admin('GET', '/v1/buyers'),
    );
    expect(all.Meta).toEqual({ Page: 1, PageSize: 20, TotalCount: 3, TotalPages: 1, ItemRange: [1, 3] });
    const ids = async (query: string) =>
      (await expectOk<{ Items: { ID: string }[] }>(await admin('GET', `/v1/buyers?${query}`))).Items.map(
        (item) => item.ID,
      );
    expect(await ids('xp.Currency=EUR')).toEqual(['acme-de', 'zeta']);
    expect(await ids('xp.CreditHold=true')).toEqual(['acme-de']);
    expect(await ids('xp.Address.City=aarhus&Name=Acme*')).toEqual(['acme-dk', 'acme-de']);
    expect(await ids('ID=!acme-dk|!zeta')).toEqual(['acme-de']);
    expect(await ids('ID=acme-dk|zeta')).toEqual(['acme-dk', 'zeta']);
    expect(await ids('Name=*motion')).toEqual(['zeta']);
    expect(await ids('search=deutsch')).toEqual(['acme-de']);
    expect(await ids('sortBy=!Name')).toEqual(['zeta', 'acme-de', 'acme-dk']);
    expect(await ids('sortBy=xp.Currency,!ID')).toEqual(['acme-dk', 'zeta', 'acme-de']);
    const paged = await expectOk<{ Meta: Record<string, unknown>; Items: unknown[] }>(
      await admin('GET', '/v1/buyers?pageSize=2&page=2'),
    );
    expect(paged.Meta).toMatchObject({ Page: 2, TotalCount: 3, TotalPages: 2, ItemRange: [3, 3] });
    expect(paged.Items).toHaveLength(1);
    expect((await admin('GET', '/v1/buyers?pageSize=500')).statusCode).toBe(400);
    expect((await admin('GET', '/v1/buyers?Bogus=1')).json().Errors[0].ErrorCode).toBe('InvalidRequest');
  });

  it('patches top-level fields and merges xp deeply', async () => {
    const patched = await expectOk(
      await admin('PATCH', '/v1/buyers/zeta', {
        Name: 'Zeta Motion A/S',
        xp: { Address: { Zip: '8000' }, VatNumber: 'DK1' },
      }),
    );
    expect(patched).toMatchObject({
      Name: 'Zeta Motion A/S',
      xp: { Currency: 'EUR', VatNumber: 'DK1', Address: { City: 'Aarhus', Zip: '8000', Tags: ['a', 'b'] } },
    });
    const bad = await admin('PATCH', '/v1/buyers/zeta', { xp: { TaxGroup: 'far-too-long-tax-group' } });
    expect(bad.statusCode).toBe(400);
    expect((await expectOk(await admin('GET', '/v1/buyers/zeta'))).xp).not.toHaveProperty('TaxGroup');
  });

  it('PUT creates or replaces, DELETE removes', async () => {
    await expectOk(await admin('PUT', '/v1/buyers/new-co', { Name: 'New Co' }));
    const replaced = await expectOk(
      await admin('PUT', '/v1/buyers/new-co', { Name: 'New Co 2', Active: false }),
    );
    expect(replaced).toMatchObject({ ID: 'new-co', Name: 'New Co 2', Active: false, xp: {} });
    expect((await admin('DELETE', '/v1/buyers/new-co')).statusCode).toBe(204);
    expect((await admin('DELETE', '/v1/buyers/new-co')).statusCode).toBe(404);
  });

  it('answers malformed JSON with InvalidRequest', async () => {
    const response = await platform.app.inject({
      method: 'POST',
      url: '/v1/buyers',
      headers: { authorization: `Bearer ${platform.adminToken}`, 'content-type': 'application/json' },
      payload: '{"Name":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().Errors[0].ErrorCode).toBe('InvalidRequest');
  });
});
