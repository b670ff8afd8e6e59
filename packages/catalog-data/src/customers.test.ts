import { describe, expect, it } from 'vitest';
import {
  BUYER_ADMIN_ROLES,
  CURRENT_PRIVACY_VERSION,
  CURRENT_TERMS_VERSION,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  ORDER_APPROVERS_GROUP,
  STOREFRONT_CLIENT_ID,
} from './customers.ts';
import { shippingCost, vatRateBasisPointsFor } from './logistics.ts';
import { generateDemoWorld } from './world.ts';

const world = generateDemoWorld({ salesItems: 200 });

function user(username: string) {
  const found = world.users.find((candidate) => candidate.username === username);
  if (!found) throw new Error(`no user ${username}`);
  return found;
}

function company(id: string) {
  const found = world.companies.find((candidate) => candidate.id === id);
  if (!found) throw new Error(`no company ${id}`);
  return found;
}

describe('demo constants', () => {
  it('exports the password, client id and policy versions', () => {
    expect(DEMO_PASSWORD).toBe('actuate-demo');
    expect(STOREFRONT_CLIENT_ID).toBe('actuate-storefront');
    expect(CURRENT_TERMS_VERSION).toBe(3);
    expect(CURRENT_PRIVACY_VERSION).toBe(2);
    // No password or hash is stored (the platform hashes DEMO_PASSWORD itself).
    expect(/"password\w*":|actuate-demo/i.test(JSON.stringify(world))).toBe(false);
  });
});

describe('the five demo logins', () => {
  it('anna: ACME shopper, da-DK / DKK', () => {
    const anna = user(DEMO_LOGINS.shopper);
    expect(anna.email).toBe('anna@acme-dk.example');
    expect(company(anna.companyId).name).toBe('ACME Industri A/S');
    expect(anna.roles).toContain('Shopper');
    expect(anna.roles).not.toContain('BuyerAdmin');
    expect(anna.locale).toEqual({ language: 'da-DK', currency: 'DKK' });
    expect(anna.status).toBe('complete');
    expect(anna.termsVersionApproved).toBe(CURRENT_TERMS_VERSION);
  });

  it('bo: ACME buyer admin and order approver', () => {
    const bo = user(DEMO_LOGINS.buyerAdminApprover);
    expect(bo.companyId).toBe('acme-dk');
    for (const role of ['Shopper', 'BuyerAdmin', 'ApprovalRuleAdmin', 'MeAdmin'])
      expect(bo.roles).toContain(role);
    expect(bo.roles).toEqual([...BUYER_ADMIN_ROLES]);
    expect(bo.groups).toContain(ORDER_APPROVERS_GROUP);
  });

  it('clara: Bauer shopper, de-DE / EUR', () => {
    const clara = user(DEMO_LOGINS.germanShopper);
    expect(company(clara.companyId).name).toBe('Bauer Antriebstechnik GmbH');
    expect(clara.locale).toEqual({ language: 'de-DE', currency: 'EUR' });
    expect(clara.salesCompanyId).toBe('ADE');
    expect(clara.roles).toContain('Shopper');
  });

  it('dan: shopper of the credit-hold company', () => {
    const dan = user(DEMO_LOGINS.creditHoldShopper);
    const hold = company(dan.companyId);
    expect(hold.name).toBe('Hold Maskinfabrik ApS');
    expect(hold.creditHold).toBe(true);
    expect(world.companies.filter((candidate) => candidate.creditHold)).toEqual([hold]);
  });

  it('eva: registration pending, no CRM or ERP ids, cannot shop', () => {
    const eva = user(DEMO_LOGINS.pendingRegistrant);
    expect(eva.status).toBe('pending');
    expect(eva.crmId).toBeNull();
    expect(eva.erpId).toBeNull();
    expect(eva.roles).not.toContain('Shopper');
    const pending = company(eva.companyId);
    expect(pending.registrationStatus).toBe('pending');
    expect(pending.crmId).toBeNull();
    expect(pending.erpId).toBeNull();
    expect(pending.presentInCrm || pending.presentInErp).toBe(false);
    expect(world.contacts.some((contact) => contact.userId === eva.id)).toBe(false);
  });

  it('every other company has users too', () => {
    for (const candidate of world.companies) {
      expect(
        world.users.some((entry) => entry.companyId === candidate.id),
        candidate.id,
      ).toBe(true);
    }
    expect(world.companies.length).toBeGreaterThanOrEqual(16);
  });
});

describe('companies, approval, budgets, contacts', () => {
  it('ACME: orders over 50,000 DKK need approval by its approver group', () => {
    const rule = world.approvalRules.find((candidate) => candidate.companyId === 'acme-dk')!;
    expect(rule.thresholdMinor).toBe(5_000_000);
    expect(company('acme-dk').approvalThreshold).toEqual({
      amountMinor: 5_000_000,
      currency: 'DKK',
      approvingGroupId: rule.approvingGroupId,
      approvalRuleId: rule.id,
    });
    expect(company('bauer-de').approvalThreshold).toBeNull();
    expect(rule.currency).toBe('DKK');
    expect(world.userGroups).toContainEqual(
      expect.objectContaining({ id: rule.approvingGroupId, companyId: 'acme-dk' }),
    );
    expect(
      world.users.filter(
        (entry) => entry.companyId === 'acme-dk' && entry.groups.includes(rule.approvingGroupId),
      ),
    ).toHaveLength(1);
  });

  it('company currency, locale and tax group follow the country and sales company', () => {
    expect(company('acme-dk')).toMatchObject({
      currency: 'DKK',
      countryCode2: 'DK',
      countryCode3: 'DNK',
      taxGroup: 'DK-DOM',
      salesCompanyId: 'ADK',
    });
    expect(company('bauer-de')).toMatchObject({
      currency: 'EUR',
      countryCode2: 'DE',
      locale: 'de-DE',
      taxGroup: 'DE-DOM',
    });
    expect(company('ergodesk-be').taxGroup).toBe('EU-RC');
    expect(company('fjordlift-no').taxGroup).toBe('EXPORT');
    for (const entry of world.users) {
      const owner = company(entry.companyId);
      expect(entry.locale.currency).toBe(owner.currency);
      if (entry.salesCompanyId) expect(entry.salesCompanyId).toBe(owner.salesCompanyId);
    }
  });

  it('spending accounts belong to existing companies, users and groups', () => {
    expect(world.spendingAccounts.length).toBeGreaterThanOrEqual(2);
    for (const account of world.spendingAccounts) {
      const owner = company(account.companyId);
      expect(account.currency).toBe(owner.currency);
      expect(Number.isSafeInteger(account.balance) && account.balance > 0).toBe(true);
      for (const assignment of account.assignments) {
        if (assignment.userId)
          expect(world.users.find((entry) => entry.id === assignment.userId)?.companyId).toBe(owner.id);
        if (assignment.userGroupId) {
          expect(
            world.userGroups.some(
              (group) => group.id === assignment.userGroupId && group.companyId === owner.id,
            ),
          ).toBe(true);
        }
      }
    }
  });

  it('every complete user has a CRM contact; exactly one is missing in the ERP', () => {
    const complete = world.users.filter((entry) => entry.status === 'complete');
    expect(world.contacts).toHaveLength(complete.length);
    for (const contact of world.contacts) {
      const owner = world.users.find((entry) => entry.id === contact.userId)!;
      expect(contact.id).toBe(owner.crmId);
      expect(contact.erpId).toBe(owner.erpId);
      expect(contact.companyCrmId).toBe(company(owner.companyId).crmId);
    }
    expect(world.contacts.filter((contact) => !contact.presentInErp).map((contact) => contact.email)).toEqual(
      ['mads@acme-dk.example'],
    );
  });

  it('one user still has an older terms version approved', () => {
    expect(
      world.users
        .filter((entry) => entry.termsVersionApproved < CURRENT_TERMS_VERSION)
        .map((entry) => entry.username),
    ).toEqual(['lise@acme-dk.example']);
  });
});

describe('logistics and VAT', () => {
  it('ship methods serve every customer country and price by weight band in both currencies', () => {
    const countries = new Set(world.companies.map((entry) => entry.countryCode2));
    for (const method of world.shipMethods) {
      expect(method.id).toMatch(/^[A-Za-z0-9_-]+$/);
      for (const country of countries) expect(method.estimatedTransitDays[country]).toBeGreaterThan(0);
      for (let i = 1; i < method.weightBands.length; i++) {
        expect(method.weightBands[i]!.maxWeightKg).toBeGreaterThan(method.weightBands[i - 1]!.maxWeightKg);
        expect(method.weightBands[i]!.costDkk).toBeGreaterThan(method.weightBands[i - 1]!.costDkk);
      }
      for (const band of method.weightBands)
        expect(Number.isInteger(band.costDkk) && Number.isInteger(band.costEur)).toBe(true);
    }
    const parcel = world.shipMethods.find((method) => method.id === 'STANDARD-PARCEL')!;
    expect(shippingCost(parcel, 3, 'DKK')).toBe(9_500);
    expect(shippingCost(parcel, 40, 'EUR')).toBeNull();
  });

  it('VAT: 25 % in DK, 19 % in DE, 0 % for reverse charge and export', () => {
    expect(vatRateBasisPointsFor('DK-DOM')).toBe(2500);
    expect(vatRateBasisPointsFor('DE-DOM')).toBe(1900);
    expect(vatRateBasisPointsFor('NL-DOM')).toBe(2100);
    expect(vatRateBasisPointsFor('EU-RC')).toBe(0);
    expect(vatRateBasisPointsFor('EXPORT')).toBe(0);
    expect(world.taxGroups.find((group) => group.id === 'EU-RC')?.invoiceNote).toMatch(/Reverse charge/);
    for (const group of world.taxGroups) expect(group.id.length).toBeLessThanOrEqual(10);
  });
});
