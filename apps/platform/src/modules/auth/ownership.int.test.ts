/**
 * The ERP's, CRM's and identity provider's xp fields (`OWNED_XP_FIELDS`) are written only by the
 * integration's own client: a buyer admin or a shopper who changes one gets 403 `Forbidden.OwnedField`
 * naming it and nothing changes; a PUT of what GET answered still works; terms are accepted by the
 * user herself, at the current version only.
 */
import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  callers,
  createBuyerWithUser,
  expectOk,
  loginAs,
  type Platform,
  startPlatform,
} from '../../testing/harness.ts';

const annaXp = {
  Kind: 'Complete',
  AzureObjectId: '6f1c1a3e-9a55-4d67-8d3e-0f3f5d2b6a11',
  CrmId: 'CRM-1',
  ErpId: 'ACD-000123',
  SalesCompanyId: 'ACD',
  PrivacyVersionApproved: 1,
  TermsVersionApproved: 1,
};
const erpAddressXp = {
  ErpId: 'ADR-1',
  ValidFrom: '2024-01-01T00:00:00.000Z',
  ValidTo: null,
  CountryCode2: 'DK',
  CountryCode3: 'DNK',
};

type Json = Record<string, unknown>;

describe('fields owned by the ERP and CRM', () => {
  let platform: Platform;
  let anna: string;
  let bo: string;
  const { admin, as } = callers(() => platform);

  const expectOwnedFieldRefusal = (response: { statusCode: number; json(): unknown }, field: string) => {
    expect(response.statusCode, JSON.stringify(response.json())).toBe(403);
    const errors = (response.json() as { Errors: { ErrorCode: string; Data: Json }[] }).Errors;
    expect(errors.map((error) => error.ErrorCode)).toContain('Forbidden.OwnedField');
    expect(errors.map((error) => error.Data.Field)).toContain(field);
  };
  const buyer = async () => expectOk<Json & { xp: Json }>(await admin('GET', '/v1/buyers/acme'));
  const annaUser = async () =>
    expectOk<Json & { xp: Json }>(await admin('GET', '/v1/buyers/acme/users/anna'));

  beforeAll(async () => {
    platform = await startPlatform();
    await expectOk(
      await admin('POST', '/v1/securityprofiles', {
        ID: 'company-admins',
        Name: 'Company admins',
        Roles: ['BuyerAdmin', 'BuyerUserAdmin', 'AddressAdmin'],
      }),
      201,
    );
    await createBuyerWithUser(platform, { buyerId: 'acme', userId: 'anna', username: 'anna@acme.example' });
    await createBuyerWithUser(platform, {
      buyerId: 'acme',
      userId: 'bo',
      username: 'bo@acme.example',
      profiles: ['company-admins'],
    });
    await expectOk(
      await admin('PATCH', '/v1/buyers/acme', { xp: { TaxGroup: 'DK-VAT25', VatNumber: 'DK29403187' } }),
    );
    await expectOk(await admin('PATCH', '/v1/buyers/acme/users/anna', { xp: annaXp }));
    await expectOk(
      await admin('POST', '/v1/buyers/acme/addresses', {
        ID: 'acme-hq',
        Street1: 'Industrivej 1',
        City: 'Aarhus',
        State: '-',
        Zip: '8000',
        Country: 'DK',
        xp: erpAddressXp,
      }),
      201,
    );
    anna = await loginAs(platform.app, 'anna@acme.example');
    bo = await loginAs(platform.app, 'bo@acme.example');
  });
  afterAll(() => platform?.close());

  it("refuses a buyer admin's change of the company's ERP fields and changes nothing", async () => {
    const before = await buyer();
    for (const [field, value] of Object.entries({
      TaxGroup: '0',
      CreditHold: true,
      ErpId: 'ERP-other',
      SalesCompanyId: 'XYZ',
    })) {
      expectOwnedFieldRefusal(
        await as(bo)('PATCH', '/v1/buyers/acme', { xp: { [field]: value } }),
        `xp.${field}`,
      );
      expectOwnedFieldRefusal(
        await as(bo)('PUT', '/v1/buyers/acme', { ...before, xp: { ...before.xp, [field]: value } }),
        `xp.${field}`,
      );
    }
    // Several at once: one error per field, still nothing written.
    const both = await as(bo)('PATCH', '/v1/buyers/acme', {
      Name: 'Renamed',
      xp: { TaxGroup: '0', CrmId: 'x' },
    });
    expectOwnedFieldRefusal(both, 'xp.CrmId');
    expect(await buyer()).toEqual(before);
  });

  it('lets a buyer admin PUT back what GET answered, and keeps owned fields a PUT leaves out', async () => {
    const before = await as(bo)('GET', '/v1/buyers/acme').then((response) =>
      expectOk<Json & { xp: Json }>(response),
    );
    await expectOk(await as(bo)('PUT', '/v1/buyers/acme', { ...before, Name: 'ACME A/S' }));
    // A PUT that leaves xp out would drop it wholesale: the ERP's and CRM's fields stay as they were.
    const replaced = await expectOk<Json & { xp: Json }>(
      await as(bo)('PUT', '/v1/buyers/acme', { Name: 'ACME A/S' }),
    );
    expect(replaced.xp).toEqual(before.xp);
    const patched = await expectOk<Json & { xp: Json }>(
      await as(bo)('PATCH', '/v1/buyers/acme', { xp: { PurchasingNote: 'ring first' } }),
    );
    expect(patched.xp).toEqual({ ...before.xp, PurchasingNote: 'ring first' });
  });

  it("refuses a shopper's change of her own ERP, CRM and identity fields on /me", async () => {
    const before = await annaUser();
    for (const [field, value] of Object.entries({
      ErpId: 'ACD-999999',
      SalesCompanyId: 'XYZ',
      CrmId: 'CRM-other',
      Kind: 'Pending',
      AzureObjectId: '00000000-0000-4000-8000-000000000000',
    })) {
      expectOwnedFieldRefusal(await as(anna)('PATCH', '/v1/me', { xp: { [field]: value } }), `xp.${field}`);
    }
    const me = await expectOk<Json & { xp: Json }>(await as(anna)('GET', '/v1/me'));
    expectOwnedFieldRefusal(
      await as(anna)('PUT', '/v1/me', { ...me, xp: { ...me.xp, ErpId: 'ACD-999999' } }),
      'xp.ErpId',
    );
    expect(await annaUser()).toEqual(before);
  });

  it('lets a shopper PUT back her /me and write her own xp fields', async () => {
    const me = await expectOk<Json & { xp: Json }>(await as(anna)('GET', '/v1/me'));
    const saved = await expectOk<Json & { xp: Json }>(
      await as(anna)('PUT', '/v1/me', {
        ...me,
        FirstName: 'Anna',
        xp: { ...me.xp, PreferredLanguage: 'da' },
      }),
    );
    expect(saved.xp).toEqual({ ...annaXp, PreferredLanguage: 'da' });
    // A PUT without xp keeps the owned fields (her own ones go, as a PUT replaces them).
    const { xp: _xp, ...withoutXp } = me;
    const put = await expectOk<Json & { xp: Json }>(await as(anna)('PUT', '/v1/me', withoutXp));
    expect(put.xp).toEqual(annaXp);
  });

  it('accepts the terms through the acceptance flow only: the user herself, the current versions', async () => {
    const accept = {
      TermsVersionApproved: CURRENT_TERMS_VERSION,
      PrivacyVersionApproved: CURRENT_PRIVACY_VERSION,
    };
    // Nobody else accepts for her, not even her buyer admin.
    expectOwnedFieldRefusal(
      await as(bo)('PATCH', '/v1/buyers/acme/users/anna', { xp: accept }),
      'xp.TermsVersionApproved',
    );
    // A version that is not the current one (a future one, or taking an acceptance back) is refused.
    expectOwnedFieldRefusal(
      await as(anna)('PATCH', '/v1/me', { xp: { TermsVersionApproved: CURRENT_TERMS_VERSION + 1 } }),
      'xp.TermsVersionApproved',
    );
    expectOwnedFieldRefusal(
      await as(anna)('PATCH', '/v1/me', { xp: { PrivacyVersionApproved: 2_147_483_647 } }),
      'xp.PrivacyVersionApproved',
    );
    expect((await annaUser()).xp).toMatchObject({ TermsVersionApproved: 1, PrivacyVersionApproved: 1 });
    const accepted = await expectOk<Json & { xp: Json }>(await as(anna)('PATCH', '/v1/me', { xp: accept }));
    expect(accepted.xp).toMatchObject(accept);
    expectOwnedFieldRefusal(
      await as(anna)('PATCH', '/v1/me', { xp: { TermsVersionApproved: 1 } }),
      'xp.TermsVersionApproved',
    );
  });

  it("refuses a buyer admin's change of a user's owned fields, and a new user carrying them", async () => {
    const before = await annaUser();
    expectOwnedFieldRefusal(
      await as(bo)('PATCH', '/v1/buyers/acme/users/anna', { xp: { ErpId: 'ACD-000999' } }),
      'xp.ErpId',
    );
    expectOwnedFieldRefusal(
      await as(bo)('PUT', '/v1/buyers/acme/users/anna', {
        ...before,
        xp: { ...before.xp, SalesCompanyId: 'XYZ' },
      }),
      'xp.SalesCompanyId',
    );
    expect(await annaUser()).toEqual(before);
    // The round trip of GET works for the admin too.
    await expectOk(await as(bo)('PUT', '/v1/buyers/acme/users/anna', { ...before, Phone: '+45 1234' }));
    const created = await as(bo)('POST', '/v1/buyers/acme/users', {
      ID: 'mallory',
      Username: 'mallory@acme.example',
      FirstName: 'M',
      LastName: 'M',
      Email: 'mallory@acme.example',
      Active: true,
      xp: { ...annaXp, ErpId: 'ACD-000124' },
    });
    expectOwnedFieldRefusal(created, 'xp.ErpId');
    expect((await admin('GET', '/v1/buyers/acme/users/mallory')).statusCode).toBe(404);
  });

  it("refuses changes of an address's ERP extension, on company and personal addresses", async () => {
    expectOwnedFieldRefusal(
      await as(bo)('PATCH', '/v1/buyers/acme/addresses/acme-hq', { xp: { ...erpAddressXp, ErpId: 'ADR-2' } }),
      'xp.ErpId',
    );
    const street = await expectOk<Json & { xp: Json }>(
      await as(bo)('PATCH', '/v1/buyers/acme/addresses/acme-hq', { Street1: 'Industrivej 2' }),
    );
    expect(street.xp).toEqual(erpAddressXp);
    const personal = await as(anna)('POST', '/v1/me/addresses', {
      ID: 'anna-home',
      Street1: 'Hjemvej 1',
      City: 'Aarhus',
      State: '-',
      Zip: '8000',
      Country: 'DK',
      xp: erpAddressXp,
    });
    expectOwnedFieldRefusal(personal, 'xp.ErpId');
    expect((await admin('GET', '/v1/buyers/acme/addresses/anna-home')).statusCode).toBe(404);
  });

  it("lets the integration's own client write every owned field", async () => {
    const buyerXp = (await buyer()).xp;
    const company = await expectOk<Json & { xp: Json }>(
      await admin('PATCH', '/v1/buyers/acme', { xp: { TaxGroup: 'DK-EXEMPT', CreditHold: true } }),
    );
    expect(company.xp).toEqual({ ...buyerXp, TaxGroup: 'DK-EXEMPT', CreditHold: true });
    const user = await expectOk<Json & { xp: Json }>(
      await admin('PATCH', '/v1/buyers/acme/users/anna', {
        xp: { ErpId: 'ACD-000777', TermsVersionApproved: 1, Kind: 'Complete' },
      }),
    );
    expect(user.xp).toMatchObject({ ErpId: 'ACD-000777', TermsVersionApproved: 1 });
    await expectOk(
      await admin('PATCH', '/v1/buyers/acme/addresses/acme-hq', { xp: { ...erpAddressXp, ErpId: 'ADR-9' } }),
    );
  });
});
