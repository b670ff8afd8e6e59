import { verifyErpSignature } from '@actuate/contracts/signatures';
import { describe, expect, it, vi } from 'vitest';
import { DEMO_CALLBACK_SECRET } from '../../config.ts';
import { apiHeaders, newOrderId, STARTUP_TIMEOUT_MS, smallWorld, submitOrder } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';

const world = smallWorld();
const pendingCompany = world.companies.find(
  (company) => company.id === world.erpScenarios.pendingRegistration.companyId,
);
const pendingUser = world.users.find(
  (user) => user.username === world.erpScenarios.pendingRegistration.username,
);
const pendingAddress = world.addresses.find((address) => address.companyId === pendingCompany?.id);
const acme = world.companies.find((company) => company.id === 'acme-dk');

// Inline vitest projects do not inherit the root timeouts; these suites wait for jobs and callbacks.
vi.setConfig({ testTimeout: 90_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('CRM: registration to a complete customer, look-ups', () => {
  const backoffice = useBackoffice({ ERP_CALLBACK_RETRY_LIMIT: '1' });

  const register = (payload: object) =>
    backoffice.app.inject({ method: 'POST', url: '/crm/registrations', headers: apiHeaders, payload });
  const registration = async (id: string) =>
    (await backoffice.app.inject({ url: `/crm/registrations/${id}`, headers: apiHeaders })).json();

  it('registers the pending demo company: CRM ids at once, ERP customer and contact by the job, then it can order', async () => {
    const response = await register({
      webShopCompanyId: pendingCompany?.id,
      webShopUserId: pendingUser?.id,
      company: {
        name: pendingCompany?.name,
        vatNumber: pendingCompany?.vatNumber,
        countryCode2: pendingCompany?.countryCode2,
        invoiceEmail: pendingCompany?.invoiceEmail,
      },
      contact: {
        email: pendingUser?.email,
        firstName: pendingUser?.firstName,
        lastName: pendingUser?.lastName,
      },
      address: {
        webShopAddressId: pendingAddress?.id,
        street1: pendingAddress?.street1,
        city: pendingAddress?.city,
        zip: pendingAddress?.zip,
        state: pendingAddress?.state,
        countryCode2: pendingAddress?.countryCode2,
      },
    });
    expect(response.statusCode).toBe(202);
    const pending = response.json();
    expect(pending).toMatchObject({
      status: 'Pending',
      accountMatched: 'created',
      contactMatched: 'created',
      customerErpId: null,
    });
    expect(pending.crmAccountId).toMatch(/^[0-9a-f-]{36}$/);

    await expect
      .poll(async () => (await registration(pending.id)).status, { timeout: 15_000, interval: 250 })
      .toBe('Complete');
    const complete = await registration(pending.id);
    expect(complete).toMatchObject({
      customerErpId: expect.stringMatching(/^ADK-\d{6}$/),
      contactErpId: expect.stringMatching(/^ADK-\d{6}$/),
      salesCompanyId: 'ADK',
      customer: {
        currency: 'DKK',
        countryCode3: 'DNK',
        taxGroup: 'DK-DOM',
        locale: 'da-DK',
        creditHold: false,
      },
    });
    expect(complete.customer.deliveryAddressErpIds).toEqual([
      { erpId: expect.any(String), webShopAddressId: pendingAddress?.id },
    ]);
    // New numbers never collide with ERP ids the demo world already handed out.
    const known = new Set(
      world.companies.map((company) => company.erpId).concat(world.users.map((user) => user.erpId)),
    );
    expect(known.has(complete.customerErpId)).toBe(false);
    expect(known.has(complete.contactErpId)).toBe(false);

    await expect
      .poll(
        () =>
          backoffice.receiver.accepted().find((entry) => entry.body.subject === `registration:${pending.id}`),
        {
          timeout: 15_000,
        },
      )
      .toBeDefined();
    const callback = backoffice.receiver
      .accepted()
      .find((entry) => entry.body.subject === `registration:${pending.id}`);
    expect(callback?.body).toMatchObject({
      type: 'registration.completed',
      sequence: 1,
      data: { status: 'Complete', customerErpId: complete.customerErpId },
    });
    expect(
      verifyErpSignature(
        DEMO_CALLBACK_SECRET,
        callback?.rawBody ?? '',
        callback?.headers['x-erp-signature'] as string,
      ),
    ).toBe(true);

    const order = await submitOrder(backoffice.app, {
      webShopOrderId: newOrderId('first'),
      customerErpId: complete.customerErpId,
      contactErpId: complete.contactErpId,
      currency: 'DKK',
      deliveryAddress: {
        webShopAddressId: pendingAddress?.id,
        street1: pendingAddress?.street1,
        city: pendingAddress?.city,
        zip: pendingAddress?.zip,
        state: pendingAddress?.state,
        countryCode2: 'DK',
      },
      lines: [
        {
          webShopLineItemId: 'li-1',
          salesItemNumber: world.erpScenarios.orderableSalesItemNumbers[0],
          quantity: 1,
          unitPrice: 100_00,
        },
      ],
    });
    expect(order.json()).toMatchObject({ outcome: 'Accepted', salesCompanyId: 'ADK' });
  });

  it('matches an existing account by VAT number and an existing contact by e-mail', async () => {
    const newContact = await register({
      company: { name: 'ACME (typed differently)', vatNumber: 'dk 2940 3187', countryCode2: 'DK' },
      contact: { email: 'Ny.Kollega@acme-dk.example', firstName: 'Ny', lastName: 'Kollega' },
    });
    expect(newContact.json()).toMatchObject({
      accountMatched: 'matched',
      contactMatched: 'created',
      crmAccountId: acme?.crmId,
      status: 'AwaitingApproval',
    });
    // ACME has an ERP customer: joining it waits for an approval, the trigger endpoint refuses.
    const early = await backoffice.app.inject({
      method: 'POST',
      url: `/crm/registrations/${newContact.json().id}/complete`,
      headers: apiHeaders,
    });
    expect(early.statusCode).toBe(409);
    expect(early.json().type).toBe('urn:actuate:problem:awaiting-approval');
    const completed = await backoffice.app.inject({
      method: 'POST',
      url: `/crm/registrations/${newContact.json().id}/approve`,
      headers: apiHeaders,
    });
    expect(completed.json()).toMatchObject({
      status: 'Complete',
      customerErpId: acme?.erpId,
      salesCompanyId: 'ADK',
    });
    const again = await backoffice.app.inject({
      method: 'POST',
      url: `/crm/registrations/${newContact.json().id}/approve`,
      headers: apiHeaders,
    });
    expect(again.json().contactErpId).toBe(completed.json().contactErpId);

    const anna = world.users.find((user) => user.username === 'anna@acme-dk.example');
    const existing = await register({
      company: { name: acme?.name, vatNumber: acme?.vatNumber, countryCode2: 'DK' },
      contact: { email: anna?.email, firstName: 'Anna', lastName: 'Andersen' },
    });
    expect(existing.json()).toMatchObject({
      accountMatched: 'matched',
      contactMatched: 'matched',
      crmContactId: anna?.crmId,
    });
    const done = await backoffice.app.inject({
      method: 'POST',
      url: `/crm/registrations/${existing.json().id}/approve`,
      headers: apiHeaders,
    });
    expect(done.json()).toMatchObject({ customerErpId: acme?.erpId, contactErpId: anna?.erpId });
  });

  it('matches instead of creating twice when the same company registers concurrently', async () => {
    const payload = (index: number) => ({
      company: { name: 'Samtidig ApS', vatNumber: 'DK55667788', countryCode2: 'DK' },
      contact: { email: `person${index}@samtidig.example`, firstName: 'Per', lastName: `Son ${index}` },
    });
    const answers = await Promise.all([1, 2, 3, 4].map((index) => register(payload(index))));
    expect(answers.map((answer) => answer.statusCode)).toEqual([202, 202, 202, 202]);
    expect(new Set(answers.map((answer) => answer.json().crmAccountId)).size).toBe(1);
    expect(answers.filter((answer) => answer.json().accountMatched === 'created')).toHaveLength(1);
    const accounts = (
      await backoffice.app.inject({ url: '/crm/accounts?vatNumber=DK55667788', headers: apiHeaders })
    ).json();
    expect(accounts).toHaveLength(1);
    expect(accounts[0].contacts).toHaveLength(4);
  });

  it('completes the customer the ERP was missing with the ERP id the CRM knows', async () => {
    const scenario = world.erpScenarios.missingCustomer;
    const company = world.companies.find((candidate) => candidate.id === scenario.companyId);
    const user = world.users.find((candidate) => candidate.username === scenario.username);
    const response = await register({
      company: { name: company?.name, vatNumber: company?.vatNumber, countryCode2: company?.countryCode2 },
      contact: { email: user?.email, firstName: user?.firstName, lastName: user?.lastName },
    });
    expect(response.json().status).toBe('AwaitingApproval');
    const done = await backoffice.app.inject({
      method: 'POST',
      url: `/crm/registrations/${response.json().id}/approve`,
      headers: apiHeaders,
    });
    expect(done.json()).toMatchObject({
      customerErpId: scenario.erpId,
      contactErpId: user?.erpId,
      salesCompanyId: 'ASE',
    });
    const customer = await backoffice.app.inject({
      url: `/erp/customers/${scenario.erpId}`,
      headers: apiHeaders,
    });
    expect(customer.json()).toMatchObject({ erpId: scenario.erpId, taxGroup: 'SE-DOM', currency: 'EUR' });
  });

  it('refuses an e-mail that belongs to another account (409) and bad input (400), creating nothing', async () => {
    const conflict = await register({
      company: { name: 'Someone Else ApS', vatNumber: 'DK11112222', countryCode2: 'DK' },
      contact: { email: 'anna@acme-dk.example', firstName: 'Anna', lastName: 'Andersen' },
    });
    expect(conflict.statusCode).toBe(409);
    expect(conflict.json().type).toBe('urn:actuate:problem:contact-of-other-account');
    const bad = await register({
      company: { name: 'X', vatNumber: 'DK33334444', countryCode2: 'dk' },
      contact: { email: 'not-an-email' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['content-type']).toContain('application/problem+json');
    for (const vatNumber of ['DK11112222', 'DK33334444']) {
      const found = await backoffice.app.inject({
        url: `/crm/accounts?vatNumber=${vatNumber}`,
        headers: apiHeaders,
      });
      expect(found.json()).toEqual([]);
    }
    expect(
      (await backoffice.app.inject({ method: 'POST', url: '/crm/registrations', payload: {} })).statusCode,
    ).toBe(401);
  });

  it('looks up accounts and contacts by CRM id, VAT number and e-mail', async () => {
    const byVat = (
      await backoffice.app.inject({ url: `/crm/accounts?vatNumber=${acme?.vatNumber}`, headers: apiHeaders })
    ).json();
    expect(byVat).toHaveLength(1);
    expect(byVat[0]).toMatchObject({
      crmId: acme?.crmId,
      erpCustomerId: acme?.erpId,
      webShopCompanyId: 'acme-dk',
    });
    const account = (
      await backoffice.app.inject({ url: `/crm/accounts/${acme?.crmId}`, headers: apiHeaders })
    ).json();
    expect(account.contacts.map((contact: { email: string }) => contact.email)).toContain(
      'anna@acme-dk.example',
    );
    const contact = (
      await backoffice.app.inject({ url: '/crm/contacts?email=ANNA@acme-dk.example', headers: apiHeaders })
    ).json();
    expect(contact).toMatchObject({ webShopUserId: 'acme-dk-anna', accountCrmId: acme?.crmId });
    expect(
      (await backoffice.app.inject({ url: `/crm/contacts/${contact.crmId}`, headers: apiHeaders })).json()
        .email,
    ).toBe('anna@acme-dk.example');
    expect((await backoffice.app.inject({ url: '/crm/accounts/nope', headers: apiHeaders })).statusCode).toBe(
      404,
    );
    const erp = (
      await backoffice.app.inject({ url: `/erp/customers?vatNumber=${acme?.vatNumber}`, headers: apiHeaders })
    ).json();
    expect(erp[0]).toMatchObject({ erpId: acme?.erpId, crmAccountId: acme?.crmId });
  });

  it('keeps the web shop’s addresses on the account, by the shop’s id; refuses bad input', async () => {
    const put = (crmId: string | null | undefined, id: string, payload: object) =>
      backoffice.app.inject({
        method: 'PUT',
        url: `/crm/accounts/${crmId}/addresses/${id}`,
        headers: apiHeaders,
        payload,
      });
    const address = {
      name: 'Studio',
      street1: 'Havnegade 3',
      city: 'Aarhus',
      zip: '8000',
      state: '-',
      countryCode2: 'DK',
    };
    const created = await put(acme?.crmId, 'anna-studio', { ...address, erpAddressId: 'ADK-300900' });
    expect(created.statusCode, created.body).toBe(201);
    const updated = await put(acme?.crmId, 'anna-studio', {
      ...address,
      street1: 'Havnegade 5',
      erpAddressId: 'ADK-300900',
    });
    expect(updated.statusCode).toBe(200);
    const account = (
      await backoffice.app.inject({ url: `/crm/accounts/${acme?.crmId}`, headers: apiHeaders })
    ).json();
    expect(account.addresses).toEqual([
      expect.objectContaining({
        webShopAddressId: 'anna-studio',
        street1: 'Havnegade 5',
        erpAddressId: 'ADK-300900',
      }),
    ]);

    expect((await put('nope', 'anna-studio', address)).statusCode).toBe(404);
    for (const bad of [
      { ...address, street1: '' },
      { ...address, countryCode2: 'XX1' },
      { ...address, extra: 1 },
    ]) {
      const refused = await put(acme?.crmId, 'anna-office', bad);
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    const after = (
      await backoffice.app.inject({ url: `/crm/accounts/${acme?.crmId}`, headers: apiHeaders })
    ).json();
    expect(after.addresses).toHaveLength(1);
  });

  it('tells the subscriber about customer changes; a callback whose retries ran out holds later ones back until redelivered', async () => {
    const erpId = world.companies.find((company) => company.id === 'nordsoe-dk')?.erpId as string;
    const subject = `customer:${erpId}`;
    const patch = (payload: object) =>
      backoffice.app.inject({
        method: 'PATCH',
        url: `/erp/customers/${erpId}`,
        headers: apiHeaders,
        payload,
      });
    backoffice.receiver.failNext(subject, 500, 503);
    const held = await patch({ creditHold: true });
    expect(held.statusCode).toBe(200);
    expect(held.json().creditHold).toBe(true);
    const log = async () =>
      (await backoffice.app.inject({ url: `/callbacks?subject=${subject}`, headers: apiHeaders })).json();
    await expect.poll(async () => (await log())[0]?.state, { timeout: 30_000, interval: 250 }).toBe('Failed');
    const failed = (await log())[0];
    expect(failed.attemptLog.map((attempt: { statusCode: number }) => attempt.statusCode)).toEqual([
      500, 503,
    ]);
    await expect
      .poll(async () => (await backoffice.app.inject({ url: '/jobs/failed', headers: apiHeaders })).json(), {
        timeout: 10_000,
      })
      .toContainEqual(
        expect.objectContaining({ queue: 'erp-callback-delivery', data: { callbackId: failed.id } }),
      );
    const unknownJob = await backoffice.app.inject({
      method: 'POST',
      url: '/jobs/erp-progression/00000000-0000-4000-8000-000000000000/retry',
      headers: apiHeaders,
    });
    expect(unknownJob.statusCode).toBe(404);

    expect((await patch({ creditHold: false })).statusCode).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(backoffice.receiver.accepted().filter((entry) => entry.body.subject === subject)).toHaveLength(0);

    const redelivered = await backoffice.app.inject({
      method: 'POST',
      url: `/callbacks/${failed.eventId}/redeliver`,
      headers: apiHeaders,
    });
    expect(redelivered.statusCode).toBe(200);
    await expect
      .poll(
        () =>
          backoffice.receiver
            .accepted()
            .filter((entry) => entry.body.subject === subject)
            .map((entry) => entry.body.sequence),
        {
          timeout: 30_000,
        },
      )
      .toEqual([1, 2]);
    const delivered = backoffice.receiver.accepted().filter((entry) => entry.body.subject === subject);
    expect(
      delivered.map((entry) => (entry.body.data.customer as { creditHold: boolean }).creditHold),
    ).toEqual([true, false]);
    expect(delivered[0]?.body).toMatchObject({ type: 'customer.updated', data: { changed: ['creditHold'] } });
    const again = await backoffice.app.inject({
      method: 'POST',
      url: `/callbacks/${failed.eventId}/redeliver`,
      headers: apiHeaders,
    });
    expect(again.statusCode).toBe(409);
    const bad = await patch({ creditHold: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await patch({})).statusCode).toBe(400);
  });
});
