import { describe, expect, it } from 'vitest';
import {
  addressLayout,
  formatBillingAddress,
  isFieldRequired,
  postalCodeMaxLength,
  DEFAULT_REQUIRED_FIELDS as REQUIRED,
  sanitiseAddressField,
  validateAddress,
  validateAddressField,
} from '../internal/address/address-rules.ts';
import { interpretBinLookup } from './bin-lookup.ts';
import { brandStrip, expiryDatePolicy, securityCodeLength, securityCodePolicy } from './card-brands.ts';
import {
  formatSocialSecurityNumber,
  isAnnouncedError,
  isInstallmentPayment,
  validateHolderName,
  validateSocialSecurityNumber,
  validateTaxNumber,
} from './validators.ts';

describe('card field rules', () => {
  it('holder name must not be blank when required', () => {
    expect(validateHolderName('  ', true)).toBe('creditCard.holderName.invalid');
    expect(validateHolderName('  ', false)).toBeUndefined();
    expect(validateHolderName('J Smith', true)).toBeUndefined();
  });

  it('Korean tax number has 6 or 10 digits', () => {
    expect(validateTaxNumber('900101')).toBeUndefined();
    expect(validateTaxNumber('1234567890')).toBeUndefined();
    expect(validateTaxNumber('12345')).toBe('creditCard.taxNumber.invalid');
    expect(validateTaxNumber('12345678')).toBe('creditCard.taxNumber.invalid');
  });

  it('Brazilian CPF or CNPJ, empty allowed', () => {
    expect(validateSocialSecurityNumber('')).toBeUndefined();
    expect(validateSocialSecurityNumber('123.456.789-09')).toBeUndefined();
    expect(validateSocialSecurityNumber('12345678909')).toBeUndefined();
    expect(validateSocialSecurityNumber('12.345.678/0001-95')).toBeUndefined();
    expect(validateSocialSecurityNumber('123.456')).toBe('boleto.socialSecurityNumber.invalid');
    expect(formatSocialSecurityNumber('12345678909')).toBe('123.456.789-09');
    expect(formatSocialSecurityNumber('12345678000195')).toBe('12.345.678/0001-95');
  });

  it('revolving or more than one instalment counts as instalments', () => {
    expect(isInstallmentPayment({ value: 1 })).toBe(false);
    expect(isInstallmentPayment({ value: 3 })).toBe(true);
    expect(isInstallmentPayment({ value: 1, plan: 'revolving' })).toBe(true);
  });

  it('unsupported, too old, too far and expiring cards are not announced', () => {
    for (const code of ['cc.num.903', 'cc.dat.912', 'cc.dat.913', 'cc.dat.914'])
      expect(isAnnouncedError(code)).toBe(false);
    for (const code of ['cc.num.900', 'cc.num.901', 'cc.num.902', 'cc.dat.910', 'cc.cvc.920', 'err.gen.9100'])
      expect(isAnnouncedError(code)).toBe(true);
  });

  it('security code policies: bcmc hidden, maestro optional, hideCVC, amex 4 digits', () => {
    expect(securityCodePolicy('bcmc', {})).toBe('hidden');
    expect(securityCodePolicy('maestro', {})).toBe('optional');
    expect(securityCodePolicy('visa', {})).toBe('required');
    expect(securityCodePolicy('visa', { hideCVC: true })).toBe('hidden');
    expect(securityCodePolicy('visa', { reported: 'optional' })).toBe('optional');
    expect(securityCodeLength('amex')).toBe(4);
    expect(securityCodeLength('mc')).toBe(3);
    expect(expiryDatePolicy('ticket')).toBe('hidden');
    expect(expiryDatePolicy('visa')).toBe('required');
  });

  it('brand strip shows all up to 4, else 3 and +N', () => {
    expect(brandStrip(['visa', 'mc', 'amex', 'jcb'])).toEqual({
      shown: ['visa', 'mc', 'amex', 'jcb'],
      more: 0,
    });
    expect(brandStrip(['visa', 'mc', 'amex', 'jcb', 'cup', 'diners'])).toEqual({
      shown: ['visa', 'mc', 'amex'],
      more: 3,
    });
  });

  it('bin lookup: dual brand, unsupported, Brazilian and issuing country facts', () => {
    expect(interpretBinLookup({ requestId: '1' })).toBeUndefined();
    const dual = interpretBinLookup({
      requestId: '1',
      issuingCountryCode: 'fr',
      brands: [
        { brand: 'cartebancaire', supported: true },
        { brand: 'visa', supported: true },
      ],
    });
    expect(dual).toMatchObject({ dualBrand: true, unsupported: false, issuingCountryCode: 'FR' });
    expect(
      interpretBinLookup({ requestId: '1', brands: [{ brand: 'jcb', supported: false }] })?.unsupported,
    ).toBe(true);
    expect(
      interpretBinLookup({ requestId: '1', brands: [{ brand: 'elo', showSocialSecurityNumber: true }] })
        ?.showSocialSecurityNumber,
    ).toBe(true);
  });
});

describe('address rules', () => {
  it.each([
    ['DE', '10115', true],
    ['DE', '1011', false],
    ['AT', '1010', true],
    ['NL', '1012AB', true],
    ['NL', '1012 AB', true],
    ['NL', '10123', false],
    ['GB', 'SW1A 1AA', true],
    ['US', '94105', true],
    ['CA', 'K1A 0B1', true],
    ['BR', '01310-100', true],
    ['PL', '00-950', true],
    ['PT', '1000-001', true],
    ['IS', '101', true],
    ['SG', '238801', true],
    ['JP', '100-0001', true],
    ['CZ', '110 00', true],
    ['MC', '98000', true],
    ['HR', '10000', true],
    ['HR', '60000', false],
  ])('postal code %s %s valid=%s', (country, code, valid) => {
    const error = validateAddressField('postalCode', code, country, REQUIRED);
    expect(error === undefined).toBe(valid);
    if (!valid) expect(error?.key).toBe('invalid.format.expects');
  });

  it('postal code lengths and required fields depend on the country', () => {
    expect(postalCodeMaxLength('US')).toBe(5);
    expect(postalCodeMaxLength('XX')).toBe(10);
    expect(isFieldRequired('stateOrProvince', 'NL', REQUIRED)).toBe(false);
    expect(isFieldRequired('stateOrProvince', 'US', REQUIRED)).toBe(true);
    expect(isFieldRequired('houseNumberOrName', 'US', REQUIRED)).toBe(false);
    expect(validateAddressField('city', ' ', 'NL', REQUIRED)?.key).toBe('field.error.required');
  });

  it('layouts: partial is the postal code only, none is empty, US puts state and zip together', () => {
    expect(addressLayout('NL', 'partial')).toEqual([{ fields: ['postalCode'] }]);
    expect(addressLayout('NL', 'none')).toEqual([]);
    expect(addressLayout('US', 'full').at(-1)).toEqual({
      fields: ['stateOrProvince', 'postalCode'],
      split: '70/30',
    });
  });

  it('validates a whole address and formats billingAddress with N/A state where there is none', () => {
    expect(Object.keys(validateAddress({ country: 'NL' }, 'full'))).toEqual([
      'street',
      'houseNumberOrName',
      'postalCode',
      'city',
    ]);
    expect(
      validateAddress(
        { country: 'NL', street: 'Dam', houseNumberOrName: '1', postalCode: '1012AB', city: 'Amsterdam' },
        'full',
      ),
    ).toEqual({});
    expect(
      formatBillingAddress(
        {
          country: 'NL',
          street: 'Dam',
          houseNumberOrName: '1',
          postalCode: '1012AB',
          city: 'A',
          firstName: 'x',
        },
        'full',
      ),
    ).toEqual({
      street: 'Dam',
      houseNumberOrName: '1',
      postalCode: '1012AB',
      city: 'A',
      stateOrProvince: 'N/A',
      country: 'NL',
    });
    expect(formatBillingAddress({ postalCode: '1012AB', country: 'NL' }, 'partial')).toEqual({
      postalCode: '1012AB',
      country: 'NL',
    });
    expect(formatBillingAddress({}, 'none')).toBeUndefined();
  });

  it('trims and strips disallowed characters from street, house and city', () => {
    expect(sanitiseAddressField('street', '  Main <St> ')).toBe('Main St');
    expect(sanitiseAddressField('postalCode', ' 1012AB ')).toBe('1012AB');
  });
});
