/**
 * The seller's own organisation: the sales companies that sell (and invoice) in each market and
 * the factories that make the products. Both are ERP concepts: an item must be released at its
 * factory and at the buyer's sales company before an order line can be accepted.
 */

export type Currency = 'DKK' | 'EUR';
export type Locale = 'da-DK' | 'de-DE' | 'en-GB';

export type FactoryId = 'FDK01' | 'FPL01' | 'FCN01';

export interface Factory {
  id: FactoryId;
  name: string;
  city: string;
  countryCode2: string;
}

export const FACTORIES: readonly Factory[] = [
  { id: 'FDK01', name: 'Actuate Production Vejle', city: 'Vejle', countryCode2: 'DK' },
  { id: 'FPL01', name: 'Actuate Production Gliwice', city: 'Gliwice', countryCode2: 'PL' },
  { id: 'FCN01', name: 'Actuate Production Suzhou', city: 'Suzhou', countryCode2: 'CN' },
];

export interface SalesCompany {
  /** Three uppercase letters. */
  id: string;
  name: string;
  currency: Currency;
  countryCode2: string;
  countryCode3: string;
  vatNumber: string;
  street1: string;
  zip: string;
  city: string;
  /** Countries whose customers this sales company serves. */
  servedCountries: string[];
}

export const SALES_COMPANIES: readonly SalesCompany[] = [
  {
    id: 'ADK',
    name: 'Actuate Danmark A/S',
    currency: 'DKK',
    countryCode2: 'DK',
    countryCode3: 'DNK',
    vatNumber: 'DK31245780',
    street1: 'Industrivej 12',
    zip: '7100',
    city: 'Vejle',
    servedCountries: ['DK', 'NO'],
  },
  {
    id: 'ADE',
    name: 'Actuate Deutschland GmbH',
    currency: 'EUR',
    countryCode2: 'DE',
    countryCode3: 'DEU',
    vatNumber: 'DE287415963',
    street1: 'Max-Eyth-Straße 40',
    zip: '70736',
    city: 'Fellbach',
    servedCountries: ['DE', 'AT', 'PL', 'CH'],
  },
  {
    id: 'ANL',
    name: 'Actuate Benelux B.V.',
    currency: 'EUR',
    countryCode2: 'NL',
    countryCode3: 'NLD',
    vatNumber: 'NL859612347B01',
    street1: 'Hurksestraat 22',
    zip: '5652 AJ',
    city: 'Eindhoven',
    servedCountries: ['NL', 'BE'],
  },
  {
    id: 'ASE',
    name: 'Actuate Nordic AB',
    currency: 'EUR',
    countryCode2: 'SE',
    countryCode3: 'SWE',
    vatNumber: 'SE556812349001',
    street1: 'Krokslätts Fabriker 30',
    zip: '431 37',
    city: 'Mölndal',
    servedCountries: ['SE', 'FI'],
  },
];

export const SALES_COMPANY_IDS: readonly string[] = SALES_COMPANIES.map((company) => company.id);
