import { describe, expect, it, vi } from 'vitest';
import { apiHeaders, STARTUP_TIMEOUT_MS, smallWorld } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';
import { JOIN_REQUEST_TTL_DAYS } from './join-requests.ts';

const world = smallWorld();
const acme = world.companies.find((company) => company.id === 'acme-dk');

vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('CRM: join requests', () => {
  const backoffice = useBackoffice();

  const post = (url: string, payload?: object) =>
    backoffice.app.inject({ method: 'POST', url, headers: apiHeaders, ...(payload ? { payload } : {}) });
  const joinAcme = (email: string, extra: object = {}) =>
    post('/crm/registrations', {
      webShopCompanyId: 'acme-dk',
      webShopUserId: `reg-${email.split('@')[0]}`,
      company: { name: 'ACME', vatNumber: acme?.vatNumber, countryCode2: 'DK' },
      contact: { email, firstName: 'Mal', lastName: 'Lory' },
      joinRequest: true,
      ...extra,
    });
  const contactStatus = async (email: string) =>
    (await backoffice.app.inject({ url: `/crm/contacts?email=${email}`, headers: apiHeaders })).statusCode;

  it('waits for an approval instead of completing, and a decline (with its reason) leaves nothing', async () => {
    const before = Date.now();
    const response = await joinAcme('mallory@attacker.example');
    expect(response.statusCode, response.body).toBe(202);
    const request = response.json();
    expect(request).toMatchObject({
      status: 'AwaitingApproval',
      accountMatched: 'matched',
      customerErpId: null,
    });
    const ttl = new Date(request.expiresAt).getTime() - before;
    expect(ttl).toBeGreaterThanOrEqual(JOIN_REQUEST_TTL_DAYS * 86_400_000 - 1000);
    expect(ttl).toBeLessThanOrEqual(JOIN_REQUEST_TTL_DAYS * 86_400_000 + 60_000);

    // The registration job (no delay in tests) does not complete it.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const waiting = await backoffice.app.inject({
      url: `/crm/registrations/${request.id}`,
      headers: apiHeaders,
    });
    expect(waiting.json()).toMatchObject({ status: 'AwaitingApproval', contactErpId: null });
    const open = await backoffice.app.inject({
      url: '/crm/registrations?status=AwaitingApproval',
      headers: apiHeaders,
    });
    expect(open.json().map((entry: { id: string }) => entry.id)).toContain(request.id);

    // A decline needs a reason; bad input changes nothing.
    for (const payload of [{}, { reason: '   ' }, { reason: 'x', extra: 1 }]) {
      const refused = await post(`/crm/registrations/${request.id}/decline`, payload);
      expect(refused.statusCode).toBe(400);
      expect(refused.headers['content-type']).toContain('application/problem+json');
    }
    const unauthenticated = await backoffice.app.inject({
      method: 'POST',
      url: `/crm/registrations/${request.id}/approve`,
    });
    expect(unauthenticated.statusCode).toBe(401);
    expect((await post('/crm/registrations/not-a-uuid/approve')).statusCode).toBe(400);
    expect((await post('/crm/registrations/00000000-0000-4000-8000-000000000000/approve')).statusCode).toBe(
      404,
    );

    const declined = await post(`/crm/registrations/${request.id}/decline`, { reason: 'Not one of ours.' });
    expect(declined.statusCode, declined.body).toBe(200);
    expect(declined.json()).toMatchObject({ status: 'Declined', declineReason: 'Not one of ours.' });
    expect(declined.json().closedAt).toEqual(expect.any(String));
    // The CRM contact it created is gone; the web shop is told.
    expect(await contactStatus('mallory@attacker.example')).toBe(404);
    await expect
      .poll(
        () =>
          backoffice.receiver.accepted().find((entry) => entry.body.subject === `registration:${request.id}`),
        {
          timeout: 15_000,
        },
      )
      .toMatchObject({ body: { type: 'registration.declined', data: { status: 'Declined' } } });

    const lateApproval = await post(`/crm/registrations/${request.id}/approve`);
    expect(lateApproval.statusCode).toBe(409);
    expect(lateApproval.json().type).toBe('urn:actuate:problem:registration-declined');
    const again = await post(`/crm/registrations/${request.id}/decline`, { reason: 'Again.' });
    expect(again.json()).toMatchObject({ status: 'Declined', declineReason: 'Not one of ours.' });
  });

  it('approves once under concurrent approvals; a decline afterwards is refused', async () => {
    const request = (await joinAcme('colleague@acme-dk.example')).json();
    const answers = await Promise.all(
      [1, 2, 3, 4].map(() => post(`/crm/registrations/${request.id}/approve`)),
    );
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 200]);
    const contactIds = new Set(answers.map((answer) => answer.json().contactErpId));
    expect(contactIds.size).toBe(1);
    expect(answers[0]?.json()).toMatchObject({ status: 'Complete', customerErpId: acme?.erpId });
    const customer = (
      await backoffice.app.inject({ url: `/erp/customers/${acme?.erpId}`, headers: apiHeaders })
    ).json();
    expect(
      customer.contacts.filter((contact: { email: string }) => contact.email === 'colleague@acme-dk.example'),
    ).toHaveLength(1);
    const decline = await post(`/crm/registrations/${request.id}/decline`, { reason: 'Too late.' });
    expect(decline.statusCode).toBe(409);
    expect(decline.json().type).toBe('urn:actuate:problem:registration-complete');
  });

  it('expires at its deadline: shown Expired, cannot be approved, its contact removed', async () => {
    const request = (
      await joinAcme('late@acme-dk.example', { expiresAt: new Date(Date.now() - 1000).toISOString() })
    ).json();
    const read = await backoffice.app.inject({
      url: `/crm/registrations/${request.id}`,
      headers: apiHeaders,
    });
    expect(read.json()).toMatchObject({ status: 'Expired', declineReason: null });
    const approve = await post(`/crm/registrations/${request.id}/approve`);
    expect(approve.statusCode).toBe(409);
    expect(approve.json().type).toBe('urn:actuate:problem:registration-expired');
    expect(await contactStatus('late@acme-dk.example')).toBe(404);
  });

  it('makes a matched account with an ERP customer wait even when the caller does not ask', async () => {
    const response = await post('/crm/registrations', {
      company: { name: 'ACME', vatNumber: acme?.vatNumber, countryCode2: 'DK' },
      contact: { email: 'unasked@acme-dk.example', firstName: 'Un', lastName: 'Asked' },
    });
    expect(response.json()).toMatchObject({ status: 'AwaitingApproval', accountMatched: 'matched' });
    const complete = await post(`/crm/registrations/${response.json().id}/complete`);
    expect(complete.statusCode).toBe(409);
  });
});
