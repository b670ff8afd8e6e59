/**
 * Join requests across the real platform, middleware and back office: a registration with an existing
 * company's VAT number (public) grants nothing until a buyer admin of that company or the CRM operator
 * approves it; declined and expired requests leave nobody able to sign in.
 */
import { BUYER_ADMIN_ROLES, CURRENT_PRIVACY_VERSION, CURRENT_TERMS_VERSION } from '@actuate/catalog-data';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { apiHeaders } from '../../../../apps/backoffice/src/testing/index.ts';
import { JOIN_REQUEST_TTL_DAYS } from '../../../../apps/middleware/src/modules/crm/join-requests.ts';
import { STOREFRONT_CLIENT_ID } from '../../../../apps/platform/src/modules/auth/bootstrap.ts';
import { call, expectOk, loginAs } from '../../../../apps/platform/src/testing/harness.ts';
import { storefrontKey, waitFor } from '../support/checkout.ts';
import { startWorld, type World } from '../support/harness.ts';

vi.setConfig({ testTimeout: 60_000, hookTimeout: 240_000 });

type Body = Record<string, unknown>;
let world: World;
let bo: string;
let otherAdmin: string;
let anna: string;
const PASSWORD = 'a-long-password';
// The CRM's registration job runs at once: before join requests, a match was complete within seconds.
beforeAll(async () => {
  world = await startWorld(['acme-dk', 'bauer-de'], {
    backoffice: true,
    backofficeEnv: { CRM_REGISTRATION_DELAY_SECONDS: '0' },
    env: { REGISTRATIONS_PER_MINUTE: '50' },
  });
  // The harness gives every demo user the base profile; the admins get the buyer-admin roles too.
  const admin = (url: string, body: unknown) =>
    call(world.platform.app, world.platform.adminToken, 'POST', url, body);
  await expectOk(
    await admin('/v1/securityprofiles', {
      ID: 'test-buyer-admin',
      Name: 'Buyer admin',
      Roles: BUYER_ADMIN_ROLES,
    }),
    201,
  );
  const adminOf = (companyId: string) => {
    const user = world.demo.users.find(
      (candidate) => candidate.companyId === companyId && candidate.roles.includes('BuyerUserAdmin'),
    );
    if (!user) throw new Error(`no admin of ${companyId}`);
    return user;
  };
  for (const user of [adminOf('acme-dk'), adminOf('bauer-de')]) {
    await expectOk(
      await admin('/v1/securityprofiles/assignments', {
        SecurityProfileID: 'test-buyer-admin',
        BuyerID: user.companyId,
        UserID: user.id,
      }),
      204,
    );
  }
  bo = await loginAs(world.platform.app, adminOf('acme-dk').username);
  otherAdmin = await loginAs(world.platform.app, adminOf('bauer-de').username);
  anna = await loginAs(world.platform.app, 'anna@acme-dk.example');
});
afterAll(() => world?.close());

let address = 0;
/** A registration with ACME's VAT number, as anybody can send it. */
async function joinAcme(email: string): Promise<Body> {
  const acme = await expectOk<Body>(
    await call(world.platform.app, world.platform.adminToken, 'GET', '/v1/buyers/acme-dk'),
  );
  const response = await world.middleware.inject({
    method: 'POST',
    url: '/registrations',
    headers: storefrontKey,
    remoteAddress: `10.1.0.${++address}`,
    payload: {
      companyName: 'ACME Industri A/S',
      vatNumber: (acme.xp as Body).VatNumber,
      country: 'DK',
      firstName: 'Mal',
      lastName: 'Lory',
      email,
      password: PASSWORD,
      locale: 'en',
      termsVersionApproved: CURRENT_TERMS_VERSION,
      privacyVersionApproved: CURRENT_PRIVACY_VERSION,
    },
  });
  expect(response.statusCode, response.body).toBe(202);
  return response.json() as Body;
}

const registration = async (id: unknown) =>
  (await world.middleware.inject({ url: `/registrations/${id}`, headers: storefrontKey })).json() as Body;
/** Waits until the CRM knows the request (the intake job ran). */
const inCrm = (id: unknown) =>
  waitFor(async () => {
    const current = await registration(id);
    return current.BackofficeRegistrationID ? current : undefined;
  });
const asUser = (token: string | undefined, method: 'GET' | 'POST', url: string, payload?: object) =>
  world.middleware.inject({
    method,
    url,
    headers: { ...storefrontKey, ...(token ? { authorization: `Bearer ${token}` } : {}) },
    ...(payload ? { payload } : {}),
  });
const signIn = async (username: string) =>
  (
    await world.platform.app.inject({
      method: 'POST',
      url: '/oauth/token',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams({
        grant_type: 'password',
        client_id: STOREFRONT_CLIENT_ID,
        username,
        password: PASSWORD,
      }).toString(),
    })
  ).statusCode;
const platformUser = (userId: unknown) =>
  call(world.platform.app, world.platform.adminToken, 'GET', `/v1/buyers/acme-dk/users/${userId}`);
const backoffice = (method: 'GET' | 'POST', url: string, payload?: object) =>
  (world.backoffice as NonNullable<World['backoffice']>).app.inject({
    method,
    url,
    headers: apiHeaders,
    ...(payload ? { payload } : {}),
  });

describe('join requests', () => {
  it('gives nobody access by a VAT number: the registrant waits, cannot sign in, until ACME’s admin approves', async () => {
    const created = await joinAcme('mallory@attacker.example');
    expect(created).toMatchObject({ BuyerID: 'acme-dk', CompanyMatched: true, Status: 'AwaitingApproval' });
    const days =
      (Date.parse(created.ExpiresAt as string) - Date.parse(created.DateCreated as string)) / 86_400_000;
    expect(days).toBeCloseTo(JOIN_REQUEST_TTL_DAYS, 3);
    await inCrm(created.ID);
    // Well past the moment a match used to complete.
    await new Promise((resolve) => setTimeout(resolve, 3500));
    expect(await registration(created.ID)).toMatchObject({ Status: 'AwaitingApproval', CustomerErpId: null });
    expect(await signIn('mallory@attacker.example')).toBe(400);
    const user = await expectOk<Body>(await platformUser(created.UserID));
    expect(user.Active).toBe(false);

    // ACME's admin sees it (name, e-mail, date) and approves; only then can the registrant shop.
    const list = await asUser(bo, 'GET', '/join-requests');
    expect(list.statusCode, list.body).toBe(200);
    expect((list.json() as { Items: Body[] }).Items).toContainEqual(
      expect.objectContaining({
        ID: created.ID,
        FirstName: 'Mal',
        LastName: 'Lory',
        Email: 'mallory@attacker.example',
        DateCreated: created.DateCreated,
      }),
    );
    // Concurrent approvals: one user, one ERP contact, every answer the same registration.
    const answers = await Promise.all(
      [1, 2, 3].map(() => asUser(bo, 'POST', `/join-requests/${created.ID}/approve`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    const contactErpIds = new Set(answers.map((answer) => (answer.json() as Body).ContactErpId));
    expect(contactErpIds.size).toBe(1);
    expect(answers[0]?.json()).toMatchObject({ Status: 'Complete', CustomerErpId: expect.any(String) });
    const users = await expectOk<{ Items: Body[] }>(
      await call(
        world.platform.app,
        world.platform.adminToken,
        'GET',
        '/v1/buyers/acme-dk/users?Username=mallory@attacker.example',
      ),
    );
    expect(users.Items).toHaveLength(1);
    expect(users.Items[0]).toMatchObject({ Active: true, xp: { Kind: 'Complete' } });
    const token = await loginAs(world.platform.app, 'mallory@attacker.example', PASSWORD);
    const me = await expectOk<Body>(await call(world.platform.app, token, 'GET', '/v1/me'));
    expect(me.AvailableRoles).toContain('Shopper');
    const account = (await backoffice('GET', '/crm/contacts?email=mallory@attacker.example')).json() as Body;
    expect(contactErpIds).toContain(account.erpContactId);

    // Approve and decline race: the approval won, the decline is refused and changes nothing.
    const late = await asUser(bo, 'POST', `/join-requests/${created.ID}/decline`, { reason: 'No.' });
    expect(late.statusCode).toBe(409);
    expect(late.json()).toMatchObject({ type: expect.stringContaining('join-request-approved') });
    expect(await signIn('mallory@attacker.example')).toBe(200);
    expect((await asUser(bo, 'GET', '/join-requests')).json()).toEqual({ Items: [] });
  });

  it('lets only an admin of that company decide: others get 401/403/404 and nothing changes', async () => {
    const created = await joinAcme('eve@attacker.example');
    await inCrm(created.ID);
    expect((await asUser(undefined, 'GET', '/join-requests')).statusCode).toBe(401);
    const withoutServiceKey = await world.middleware.inject({
      method: 'POST',
      url: `/join-requests/${created.ID}/approve`,
      headers: { authorization: `Bearer ${bo}` },
    });
    expect(withoutServiceKey.json()).toMatchObject({
      type: 'urn:actuate:problem:invalid-api-key',
      status: 401,
    });
    expect((await asUser('not-a-token', 'GET', '/join-requests')).statusCode).toBe(401);
    const shopper = await asUser(anna, 'POST', `/join-requests/${created.ID}/approve`);
    expect(shopper.statusCode).toBe(403);
    expect(shopper.headers['content-type']).toMatch(/problem\+json/);
    expect((await asUser(anna, 'GET', '/join-requests')).statusCode).toBe(403);
    const others = await asUser(otherAdmin, 'GET', '/join-requests');
    expect(others.statusCode).toBe(200);
    expect((others.json() as { Items: Body[] }).Items.map((item) => item.ID)).not.toContain(created.ID);
    for (const step of ['approve', 'decline']) {
      const foreign = await asUser(otherAdmin, 'POST', `/join-requests/${created.ID}/${step}`, {
        reason: 'x',
      });
      expect(foreign.statusCode).toBe(404);
    }
    // Bad input: problem details, nothing changed.
    for (const payload of [{}, { reason: '  ' }, { reason: 'x'.repeat(501) }, { reason: 'ok', extra: 1 }]) {
      const bad = await asUser(bo, 'POST', `/join-requests/${created.ID}/decline`, payload);
      expect(bad.statusCode, bad.body).toBe(400);
      expect(bad.headers['content-type']).toMatch(/problem\+json/);
    }
    expect((await asUser(bo, 'POST', '/join-requests/nope/approve')).statusCode).toBe(400);
    expect(
      (await asUser(bo, 'POST', '/join-requests/00000000-0000-4000-8000-000000000000/approve')).statusCode,
    ).toBe(404);
    expect(await registration(created.ID)).toMatchObject({ Status: 'AwaitingApproval' });
    expect(await signIn('eve@attacker.example')).toBe(400);
  });

  it('declines with a reason the registrant sees and removes the user; the e-mail may register again', async () => {
    const created = await joinAcme('trudy@attacker.example');
    await inCrm(created.ID);
    const declined = await asUser(bo, 'POST', `/join-requests/${created.ID}/decline`, {
      reason: 'We do not know you.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(await registration(created.ID)).toMatchObject({
      Status: 'Declined',
      Message: 'We do not know you.',
    });
    expect((await platformUser(created.UserID)).statusCode).toBe(404);
    expect(await signIn('trudy@attacker.example')).toBe(400);
    const approve = await asUser(bo, 'POST', `/join-requests/${created.ID}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ type: expect.stringContaining('join-request-declined') });
    // The CRM keeps no contact of it.
    expect((await backoffice('GET', '/crm/contacts?email=trudy@attacker.example')).statusCode).toBe(404);
    const again = await joinAcme('trudy@attacker.example');
    expect(again).toMatchObject({ Status: 'AwaitingApproval' });
  });

  it('takes over the CRM operator’s decline (callback) and expires at the deadline, leaving nobody to sign in', async () => {
    const byOperator = await joinAcme('oscar@attacker.example');
    const { BackofficeRegistrationID } = await inCrm(byOperator.ID);
    const declined = await backoffice('POST', `/crm/registrations/${BackofficeRegistrationID}/decline`, {
      reason: 'Unknown to our sales team.',
    });
    expect(declined.statusCode, declined.body).toBe(200);
    const closed = await waitFor(async () => {
      const current = await registration(byOperator.ID);
      return current.Status === 'Declined' ? current : undefined;
    });
    expect(closed.Message).toBe('Unknown to our sales team.');
    expect((await platformUser(byOperator.UserID)).statusCode).toBe(404);
    expect(await signIn('oscar@attacker.example')).toBe(400);

    const late = await joinAcme('late@attacker.example');
    await inCrm(late.ID);
    await world.database.db.execute(
      sql`update registrations set expires_at = now() - interval '1 minute' where id = ${late.ID as string}`,
    );
    expect(await registration(late.ID)).toMatchObject({ Status: 'Expired' });
    expect((await platformUser(late.UserID)).statusCode).toBe(404);
    expect(await signIn('late@attacker.example')).toBe(400);
    const approve = await asUser(bo, 'POST', `/join-requests/${late.ID}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json()).toMatchObject({ type: expect.stringContaining('join-request-expired') });
  });
});
