import { describe, expect, it } from 'vitest';
import { parseRegistrationForm } from '../register/registration-form';
import { addressFlags, addressProblemMessages, addressUseOf, parseAddressForm } from './address-form';
import { capabilitiesOf, roleLabels } from './roles';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe('address form', () => {
  it('describes each problem with the given texts', () => {
    expect(
      addressProblemMessages({ Street1: 'required', Country: 'countryInvalid' }, (problem) => `t:${problem}`),
    ).toEqual({ Street1: 't:required', Country: 't:countryInvalid' });
  });

  it('reads the use of a new checkout address, both by default, and flags it so', () => {
    expect(addressUseOf('shipping')).toBe('shipping');
    expect(addressUseOf('billing')).toBe('billing');
    expect(addressUseOf('other')).toBe('both');
    expect(addressUseOf(null)).toBe('both');
    expect(addressFlags('both')).toEqual({ Shipping: true, Billing: true });
    expect(addressFlags('shipping')).toEqual({ Shipping: true, Billing: false });
    expect(addressFlags('billing')).toEqual({ Shipping: false, Billing: true });
  });

  it('requires Street1, City, Zip, State and Country', () => {
    const result = parseAddressForm(form({ Street1: ' ', City: 'Aarhus', Country: 'dk' }));
    expect(result).toMatchObject({
      ok: false,
      problems: { Street1: 'required', Zip: 'required', State: 'required', Country: 'countryInvalid' },
    });
  });

  it('accepts a complete address and trims it', () => {
    const result = parseAddressForm(
      form({
        AddressName: ' Home ',
        Street1: 'Vej 1',
        City: 'Aarhus',
        Zip: '8000',
        State: 'Midtjylland',
        Country: 'DK',
      }),
    );
    expect(result).toEqual({
      ok: true,
      address: {
        AddressName: 'Home',
        Street1: 'Vej 1',
        City: 'Aarhus',
        Zip: '8000',
        State: 'Midtjylland',
        Country: 'DK',
      },
    });
  });
});

describe('roles', () => {
  it('derives what the UI offers', () => {
    const shopper = capabilitiesOf(['Shopper', 'MeAdmin', 'MeXpAdmin', 'MeAddressAdmin']);
    expect(shopper).toMatchObject({
      shop: true,
      manageUsers: false,
      readCompany: false,
      editAddresses: true,
    });
    expect(capabilitiesOf(['Shopper', 'BuyerUserAdmin', 'BuyerReader'])).toMatchObject({
      manageUsers: true,
      readCompany: true,
    });
    expect(capabilitiesOf(['MeAdmin', 'MeXpAdmin'])).toMatchObject({ shop: false, writeXp: true });
    expect(capabilitiesOf(undefined).shop).toBe(false);
  });

  it('offers an address form (account, checkout) only with MeAddressAdmin or FullAccess', () => {
    expect(capabilitiesOf(['Shopper', 'MeAdmin', 'MeXpAdmin']).editAddresses).toBe(false);
    expect(capabilitiesOf(['Shopper', 'MeAddressAdmin']).editAddresses).toBe(true);
    expect(capabilitiesOf(['FullAccess']).editAddresses).toBe(true);
  });

  it('summarises a user', () => {
    expect(roleLabels(['Shopper', 'BuyerAdmin'], ['order-approvers'])).toEqual([
      'admin',
      'approver',
      'shopper',
    ]);
    expect(roleLabels(['MeAdmin'])).toEqual(['pending']);
    expect(roleLabels(undefined, [], 'Complete')).toEqual(['shopper']);
    expect(roleLabels(undefined, ['order-approvers'], 'Complete')).toEqual(['approver', 'shopper']);
    expect(roleLabels(undefined, [], 'Pending')).toEqual(['pending']);
    // The demo's administrators are a user group.
    expect(roleLabels(undefined, ['buyer-admins'], 'Complete')).toEqual(['admin', 'shopper']);
  });
});

describe('registration form', () => {
  const valid = {
    companyName: 'Nordhavn Robotics ApS',
    vatNumber: 'dk 4312 8790',
    country: 'DK',
    firstName: 'Eva',
    lastName: 'Holm',
    email: 'eva@new-buyer.example',
    password: 'correct horse',
    acceptTerms: 'on',
  };

  it('accepts a complete registration and normalises the VAT number', () => {
    const result = parseRegistrationForm(form(valid));
    expect(result.ok).toBe(true);
    expect(result.ok && result.values.vatNumber).toBe('DK43128790');
  });

  it('names every problem', () => {
    const result = parseRegistrationForm(
      form({
        ...valid,
        email: 'eva',
        vatNumber: '1',
        country: 'US',
        acceptTerms: '',
        lastName: '',
        password: 'short',
        phone: 'x',
      }),
    );
    expect(result).toMatchObject({
      ok: false,
      problems: {
        email: 'emailInvalid',
        vatNumber: 'vatInvalid',
        country: 'countryInvalid',
        acceptTerms: 'mustAccept',
        lastName: 'required',
        password: 'passwordShort',
        phone: 'phoneInvalid',
      },
    });
  });
});
