import { describe, expect, it } from 'vitest';
import {
  anonymousUser,
  completeUser,
  directoryUser,
  pendingUser,
  shippingAddress,
} from '../testing/samples.ts';
import { Address, AddressXp, BuyerAddress } from './address.ts';
import { BuyerCompany } from './buyer-company.ts';
import { BUYER_USER_KINDS, BuyerUser, BuyerUserXp } from './buyer-user.ts';

describe('BuyerUser', () => {
  it.each([
    ['Anonymous', anonymousUser],
    ['Complete', completeUser],
    ['Pending', pendingUser],
    ['Directory', directoryUser],
  ])('parses a %s user', (kind, user) => {
    expect(BuyerUser.parse(user).xp?.Kind).toBe(kind);
  });

  it('lists the four kinds', () => {
    expect(BUYER_USER_KINDS).toEqual(['Anonymous', 'Complete', 'Pending', 'Directory']);
  });

  it('rejects a complete user with an invalid ERP id, sales company or policy version', () => {
    const bad = [
      { ErpId: 'acm-000123' },
      { ErpId: 'ACM000123' },
      { ErpId: 'ACM-00123' },
      { SalesCompanyId: 'DK' },
      { PrivacyVersionApproved: 0 },
      { TermsVersionApproved: 2_147_483_648 },
      { TermsVersionApproved: 1.5 },
      { AzureObjectId: 'not-a-guid' },
      { CrmId: '' },
    ];
    for (const change of bad) {
      expect(BuyerUserXp.safeParse({ ...completeUser.xp, ...change }).success, JSON.stringify(change)).toBe(
        false,
      );
    }
  });

  it('requires the fields of each variant', () => {
    expect(BuyerUserXp.safeParse({ Kind: 'Complete' }).success).toBe(false);
    expect(BuyerUserXp.safeParse({ Kind: 'Pending', CompanyName: 'X' }).success).toBe(false);
    expect(BuyerUserXp.safeParse({ ...pendingUser.xp, Country: 'de' }).success).toBe(false);
    expect(BuyerUserXp.safeParse({ Kind: 'Directory', DirectoryObjectId: 'x' }).success).toBe(false);
    expect(BuyerUserXp.safeParse({ Kind: 'Registered' }).success).toBe(false);
    expect(BuyerUserXp.safeParse({}).success).toBe(false);
  });

  it('rejects invalid user fields', () => {
    expect(BuyerUser.safeParse({ ...completeUser, Username: '' }).success).toBe(false);
    expect(BuyerUser.safeParse({ ...completeUser, Active: 'yes' }).success).toBe(false);
    expect(BuyerUser.safeParse({ ...completeUser, DateCreated: '2024-02-01T09:00:00' }).success).toBe(false);
    expect(BuyerUser.safeParse({ ...completeUser, AvailableRoles: 'Shopper' }).success).toBe(false);
  });
});

describe('BuyerCompany', () => {
  const company = {
    ID: 'buyer-nordic-lift',
    Name: 'Nordic Lift A/S',
    DefaultCatalogID: 'actuate-dk',
    Active: true,
    xp: {
      CrmId: 'CRM-100245',
      ErpId: 'C-004711',
      SalesCompanyId: 'DKA',
      CreditHold: false,
      Currency: 'DKK',
      CountryCode2: 'DK',
      CountryCode3: 'DNK',
      Locale: 'da-DK',
      TaxGroup: 'DK-VAT25',
      InvoiceEmail: 'invoices@nordiclift.example',
      VatNumber: 'DK12345678',
    },
  };

  it('parses a company', () => {
    expect(BuyerCompany.parse(company).xp?.Currency).toBe('DKK');
  });

  it('rejects an invalid extension', () => {
    const bad = [
      { Currency: 'USD' },
      { TaxGroup: '' },
      { TaxGroup: 'ABCDEFGHIJK' },
      { InvoiceEmail: 'invoices' },
      { CountryCode2: 'DNK' },
      { CountryCode3: 'DK' },
      { SalesCompanyId: 'dka' },
      { CreditHold: undefined },
    ];
    for (const change of bad) {
      expect(
        BuyerCompany.safeParse({ ...company, xp: { ...company.xp, ...change } }).success,
        JSON.stringify(change),
      ).toBe(false);
    }
  });
});

describe('Address', () => {
  it('parses an address with its ERP extension, and a buyer address with flags', () => {
    expect(Address.parse(shippingAddress).xp).toMatchObject({ ErpId: 'ADR-77812' });
    expect(
      BuyerAddress.parse({ ...shippingAddress, Shipping: true, Billing: false, Editable: true }).Shipping,
    ).toBe(true);
  });

  it('accepts an address the ERP has not seen yet', () => {
    expect(Address.safeParse({ ...shippingAddress, ID: undefined, xp: {} }).success).toBe(true);
    expect(Address.safeParse({ ...shippingAddress, xp: null }).success).toBe(true);
  });

  it('requires non-empty Street1, City, Zip, Country and State', () => {
    for (const field of ['Street1', 'City', 'Zip', 'Country', 'State'] as const) {
      expect(Address.safeParse({ ...shippingAddress, [field]: '' }).success, field).toBe(false);
      expect(Address.safeParse({ ...shippingAddress, [field]: '  ' }).success, field).toBe(false);
      expect(Address.safeParse({ ...shippingAddress, [field]: undefined }).success, field).toBe(false);
    }
  });

  it('rejects a bad ID, country or ERP extension', () => {
    expect(Address.safeParse({ ...shippingAddress, ID: 'addr 1' }).success).toBe(false);
    expect(Address.safeParse({ ...shippingAddress, Country: 'dk' }).success).toBe(false);
    expect(AddressXp.safeParse({ ...shippingAddress.xp, CountryCode3: 'DK' }).success).toBe(false);
    expect(AddressXp.safeParse({ ErpId: 'ADR-1' }).success).toBe(false); // half an extension
    expect(AddressXp.safeParse({ ...shippingAddress.xp, ValidFrom: '2024-01-01' }).success).toBe(false);
  });
});
