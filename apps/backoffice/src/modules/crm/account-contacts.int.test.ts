import { describe, expect, it, vi } from 'vitest';
import { apiHeaders, STARTUP_TIMEOUT_MS, smallWorld } from '../../testing/index.ts';
import { useBackoffice } from '../../testing/suite.ts';

const world = smallWorld();
const acme = world.companies.find((company) => company.id === 'acme-dk');
const otherCompany = world.companies.find(
  (company) => company.id !== 'acme-dk' && company.presentInCrm && company.erpId,
);

vi.setConfig({ testTimeout: 60_000, hookTimeout: STARTUP_TIMEOUT_MS });

describe('CRM: a colleague the company invited becomes a contact with an ERP contact', () => {
  // A registration's ERP part waits an hour: a new account has no ERP customer during the suite.
  const backoffice = useBackoffice({ CRM_REGISTRATION_DELAY_SECONDS: '3600' });
  const add = (crmId: string | null | undefined, payload: object) =>
    backoffice.app.inject({
      method: 'POST',
      url: `/crm/accounts/${crmId}/contacts`,
      headers: apiHeaders,
      payload,
    });
  const ida = {
    email: 'Ida.Inviteret@acme-dk.example',
    firstName: 'Ida',
    lastName: 'Inviteret',
    language: 'da',
    webShopUserId: 'acme-dk-ida',
  };
  const accountOf = async (crmId: string | null | undefined) =>
    (await backoffice.app.inject({ url: `/crm/accounts/${crmId}`, headers: apiHeaders })).json();

  it('creates the contact and its ERP contact once (201, then 200 with the same ids)', async () => {
    const created = await add(acme?.crmId, ida);
    expect(created.statusCode, created.body).toBe(201);
    const contact = created.json();
    expect(contact).toMatchObject({
      accountCrmId: acme?.crmId,
      email: 'ida.inviteret@acme-dk.example',
      language: 'da',
      webShopUserId: 'acme-dk-ida',
    });
    expect(contact.erpContactId).toEqual(expect.any(String));

    const erpContact = (
      await backoffice.app.inject({ url: `/erp/contacts/${contact.erpContactId}`, headers: apiHeaders })
    ).json();
    expect(erpContact).toMatchObject({ customerErpId: acme?.erpId, crmContactId: contact.crmId });

    const again = await add(acme?.crmId, ida);
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(contact);
    const contacts = (await accountOf(acme?.crmId)).contacts.filter(
      (row: { email: string }) => row.email === contact.email,
    );
    expect(contacts).toHaveLength(1);
  });

  it('links an existing contact of the account to the new web-shop user', async () => {
    const relinked = await add(acme?.crmId, { ...ida, webShopUserId: 'acme-dk-ida-2' });
    expect(relinked.statusCode).toBe(200);
    expect(relinked.json().webShopUserId).toBe('acme-dk-ida-2');
  });

  it('refuses an unknown account (404), an account without ERP customer or another account’s e-mail (409) and bad input (400)', async () => {
    expect((await add('nope', ida)).statusCode).toBe(404);
    const registered = await backoffice.app.inject({
      method: 'POST',
      url: '/crm/registrations',
      headers: apiHeaders,
      payload: {
        company: { name: 'Nyt Firma ApS', vatNumber: 'DK19283746', countryCode2: 'DK' },
        contact: { email: 'ejer@nyt-firma.example', firstName: 'Ejer', lastName: 'Nyt' },
      },
    });
    expect(registered.statusCode, registered.body).toBe(202);
    const notInErp = await add(registered.json().crmAccountId, { ...ida, email: 'new@nyt-firma.example' });
    expect(notInErp.statusCode, notInErp.body).toBe(409);
    expect(notInErp.json().type).toBe('urn:actuate:problem:account-not-in-erp');
    const other = await add(otherCompany?.crmId, ida);
    expect(other.statusCode).toBe(409);
    expect(other.json().type).toBe('urn:actuate:problem:contact-of-other-account');

    const before = (await accountOf(acme?.crmId)).contacts.length;
    for (const bad of [
      { ...ida, email: 'not-an-address' },
      { ...ida, firstName: '' },
      { ...ida, language: 'fr' },
      { ...ida, webShopUserId: undefined },
      { ...ida, erpContactId: 'C-1' },
    ]) {
      const refused = await add(acme?.crmId, { ...bad, email: bad.email.replace('ida', 'ida3') });
      expect(refused.statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect((await accountOf(acme?.crmId)).contacts).toHaveLength(before);
    expect(
      (
        await backoffice.app.inject({
          method: 'POST',
          url: `/crm/accounts/${acme?.crmId}/contacts`,
          payload: ida,
        })
      ).statusCode,
    ).toBe(401);
  });
});
