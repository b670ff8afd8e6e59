/**
 * A colleague a buyer administrator created (no extension) cannot order: the checkout integration
 * wants a user kind, the pre-submit check the accepted terms and the ERP a contact. Accepting the terms through the middleware adds the
 * contact to the CRM and the ERP and completes the user, who then orders and the ERP accepts it.
 */
import { CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION, DEMO_LOGINS } from '@actuate/catalog-data';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { BUYER_BASE_PROFILE_ID } from '../../../../apps/platform/src/modules/auth/bootstrap.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import {
  addressBody,
  backoffice,
  connectCheckout,
  erpAddress,
  placeOrder,
  platformOrder,
  settledSubmission,
  storefrontKey,
} from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 90_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
const PASSWORD = 'ida-first-password';
const accepted = {
  termsVersionApproved: CURRENT_TERMS_VERSION,
  privacyVersionApproved: CURRENT_PRIVACY_VERSION,
};
let world: World;
let ida: string;
/** The cart Ida started before she accepted the terms. */
let cartId: string;

beforeAll(async () => {
  world = await startWorld(['acme-dk'], { backoffice: true });
  await connectCheckout(world, [{ id: 'acme-dk', currency: 'DKK' }], ['B10001']);
  await createColleague('acme-dk-ida', undefined, 'ida.invited@acme-dk.example');
  ida = await loginAs(world.platform.app, 'ida.invited@acme-dk.example', PASSWORD);
});
afterAll(() => world?.close());

/** A user of ACME as the storefront's invitation creates one (no xp, the language in the locale). */
async function createColleague(id: string, xp?: Body, email = `${id}@acme-dk.example`) {
  const admin = (url: string, body: unknown) =>
    call(world.platform.app, world.platform.adminToken, 'POST', url, body);
  await expectOk(
    await admin('/v1/buyers/acme-dk/users', {
      ID: id,
      Username: email,
      Password: PASSWORD,
      FirstName: 'Ida',
      LastName: 'Inviteret',
      Email: email,
      Active: true,
      Locale: { Language: 'da', Currency: 'DKK' },
      ...(xp ? { xp } : {}),
    }),
    201,
  );
  await expectOk(
    await admin('/v1/securityprofiles/assignments', {
      SecurityProfileID: BUYER_BASE_PROFILE_ID,
      BuyerID: 'acme-dk',
      UserID: id,
    }),
    204,
  );
}

const accept = (token: string | undefined, payload: object = accepted, headers: Body = storefrontKey) =>
  world.middleware.inject({
    method: 'POST',
    url: '/invitations/accept',
    headers: { ...headers, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    payload,
  });
const idaOnPlatform = async () =>
  expectOk<Body>(
    await call(world.platform.app, world.platform.adminToken, 'GET', '/v1/buyers/acme-dk/users/acme-dk-ida'),
  );

describe('an invited colleague completes their account by accepting the terms', () => {
  it('cannot check out before: the checkout integration wants a user kind', async () => {
    const as = (method: 'POST' | 'PUT', url: string, body?: unknown) =>
      call(world.platform.app, ida, method, url, body);
    const cart = await expectOk<Body>(await as('POST', '/v1/orders/Outgoing', {}), 201);
    cartId = cart.ID as string;
    const url = `/v1/orders/Outgoing/${cartId}`;
    await expectOk(await as('POST', `${url}/lineitems`, { ProductID: 'B10001', Quantity: 1 }), 201);
    await expectOk(await as('PUT', `${url}/shipto`, addressBody(erpAddress(world, 'acme-dk'))));
    const estimate = await as('POST', `${url}/estimateshipping`);
    expect(estimate.statusCode).toBe(400);
    expect(estimate.body).toMatch(/FromUser\.xp\.Kind/);
  });

  it('refuses bad calls (400, 401, 422) and changes nothing', async () => {
    expect((await accept(undefined)).statusCode).toBe(401);
    expect((await accept('not-a-token')).statusCode).toBe(401);
    expect((await accept(ida, accepted, {})).statusCode).toBe(401);
    for (const bad of [{}, { ...accepted, extra: 1 }, { ...accepted, termsVersionApproved: '3' }]) {
      expect((await accept(ida, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    const outdated = await accept(ida, { ...accepted, termsVersionApproved: CURRENT_TERMS_VERSION - 1 });
    expect(outdated.statusCode).toBe(422);
    expect(outdated.json().type).toBe('urn:actuate:problem:terms-outdated');
    expect((await idaOnPlatform()).xp).toEqual({});
  });

  it('completes her: CRM and ERP contacts, the complete extension; a second call answers the same', async () => {
    const response = await accept(ida);
    expect(response.statusCode, response.body).toBe(200);
    const completed = response.json();
    expect(completed).toMatchObject({ UserID: 'acme-dk-ida', BuyerID: 'acme-dk' });
    const xp = (await idaOnPlatform()).xp as Body;
    expect(xp).toMatchObject({
      Kind: 'Complete',
      CrmId: completed.CrmId,
      ErpId: completed.ErpId,
      TermsVersionApproved: CURRENT_TERMS_VERSION,
      PrivacyVersionApproved: CURRENT_PRIVACY_VERSION,
    });
    expect(xp.AzureObjectId).toMatch(/^[0-9a-f-]{36}$/);

    const contact = (await backoffice(world)('GET', `/crm/contacts/${completed.CrmId}`)).json();
    expect(contact).toMatchObject({
      email: 'ida.invited@acme-dk.example',
      language: 'da',
      webShopUserId: 'acme-dk-ida',
      erpContactId: completed.ErpId,
    });
    const erpContact = (await backoffice(world)('GET', `/erp/contacts/${completed.ErpId}`)).json();
    expect(erpContact.crmContactId).toBe(completed.CrmId);

    const again = await accept(ida);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(completed);
  });

  it('then her cart carries her complete extension, and she orders; the ERP accepts her as contact', async () => {
    expect((await platformOrder(world, cartId)).FromUser).toMatchObject({
      ID: 'acme-dk-ida',
      xp: { Kind: 'Complete', TermsVersionApproved: CURRENT_TERMS_VERSION },
    });
    const order = await placeOrder(
      world,
      ida,
      [{ product: 'B10001', quantity: 1 }],
      addressBody(erpAddress(world, 'acme-dk')),
    );
    expect(order.submit.statusCode, order.submit.body).toBe(200);
    const submission = await settledSubmission(world, order.id);
    expect(submission, JSON.stringify(submission)).toMatchObject({
      Outcome: 'Accepted',
      ErpSubmissionIssue: 'None',
    });
  });

  it('leaves a registered buyer as she is, and refuses a registration that is still pending', async () => {
    const anna = await loginAs(world.platform.app, DEMO_LOGINS.shopper);
    const before = await expectOk<Body>(await call(world.platform.app, anna, 'GET', '/v1/me'));
    const response = await accept(anna);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ UserID: before.ID, ErpId: (before.xp as Body).ErpId });
    const after = await expectOk<Body>(await call(world.platform.app, anna, 'GET', '/v1/me'));
    expect(after.xp).toEqual(before.xp);

    await createColleague('acme-dk-pending', { Kind: 'Pending', CompanyName: 'ACME', Country: 'DK' });
    const pending = await accept(
      await loginAs(world.platform.app, 'acme-dk-pending@acme-dk.example', PASSWORD),
    );
    expect(pending.statusCode).toBe(409);
    expect(pending.json().type).toBe('urn:actuate:problem:not-invited');
  });
});
