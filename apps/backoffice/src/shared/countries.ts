import { badRequest } from '@actuate/service-kit';

/** ISO 3166 alpha-3 and EU membership of the countries the back office trades with. */
const COUNTRIES: Record<string, { code3: string; eu: boolean }> = {
  DK: { code3: 'DNK', eu: true },
  DE: { code3: 'DEU', eu: true },
  NL: { code3: 'NLD', eu: true },
  BE: { code3: 'BEL', eu: true },
  SE: { code3: 'SWE', eu: true },
  FI: { code3: 'FIN', eu: true },
  AT: { code3: 'AUT', eu: true },
  PL: { code3: 'POL', eu: true },
  FR: { code3: 'FRA', eu: true },
  IT: { code3: 'ITA', eu: true },
  ES: { code3: 'ESP', eu: true },
  LU: { code3: 'LUX', eu: true },
  IE: { code3: 'IRL', eu: true },
  CZ: { code3: 'CZE', eu: true },
  NO: { code3: 'NOR', eu: false },
  CH: { code3: 'CHE', eu: false },
  GB: { code3: 'GBR', eu: false },
  CN: { code3: 'CHN', eu: false },
};

export function countryCode3Of(countryCode2: string, given?: string | null): string {
  if (given) return given;
  const known = COUNTRIES[countryCode2];
  if (!known) {
    throw badRequest(
      'unknown-country',
      `Country ${countryCode2} is not known here: give countryCode3 as well.`,
      {
        field: 'countryCode3',
      },
    );
  }
  return known.code3;
}

/** Domestic VAT when buyer and sales company share a country, reverse charge within the EU, else export. */
export function taxGroupOf(countryCode2: string, salesCompanyCountryCode2: string): string {
  if (countryCode2 === salesCompanyCountryCode2) return `${countryCode2}-DOM`;
  return COUNTRIES[countryCode2]?.eu ? 'EU-RC' : 'EXPORT';
}

export function localeOf(countryCode2: string): string {
  if (countryCode2 === 'DK') return 'da-DK';
  if (countryCode2 === 'DE' || countryCode2 === 'AT') return 'de-DE';
  return 'en-GB';
}

/** VAT numbers compare without spaces, dots and hyphens, in upper case. */
export const normaliseVatNumber = (vatNumber: string) => vatNumber.replace(/[\s.-]/g, '').toUpperCase();
