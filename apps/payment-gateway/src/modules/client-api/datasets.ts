/**
 * Datasets for the widget's address and phone fields (`datasets/…`), for the locales the storefront
 * uses (en-US, da-DK, de-DE) and any other locale Node's ICU knows. Country names come from ICU so
 * they are correct in every language; state names are the official ones of each country.
 */
/** Countries with dialling prefixes (ITU-T E.164), the set the widget offers. */
const PHONE_PREFIXES: Record<string, string> = {
  AD: '+376',
  AE: '+971',
  AR: '+54',
  AT: '+43',
  AU: '+61',
  BE: '+32',
  BG: '+359',
  BR: '+55',
  CA: '+1',
  CH: '+41',
  CL: '+56',
  CN: '+86',
  CO: '+57',
  CY: '+357',
  CZ: '+420',
  DE: '+49',
  DK: '+45',
  EE: '+372',
  EG: '+20',
  ES: '+34',
  FI: '+358',
  FR: '+33',
  GB: '+44',
  GR: '+30',
  HK: '+852',
  HR: '+385',
  HU: '+36',
  ID: '+62',
  IE: '+353',
  IL: '+972',
  IN: '+91',
  IS: '+354',
  IT: '+39',
  JP: '+81',
  KR: '+82',
  LI: '+423',
  LT: '+370',
  LU: '+352',
  LV: '+371',
  MC: '+377',
  MT: '+356',
  MX: '+52',
  MY: '+60',
  NL: '+31',
  NO: '+47',
  NZ: '+64',
  PE: '+51',
  PH: '+63',
  PL: '+48',
  PT: '+351',
  RO: '+40',
  RS: '+381',
  SA: '+966',
  SE: '+46',
  SG: '+65',
  SI: '+386',
  SK: '+421',
  TH: '+66',
  TR: '+90',
  TW: '+886',
  UA: '+380',
  US: '+1',
  VN: '+84',
  ZA: '+27',
};

export const COUNTRY_CODES = Object.keys(PHONE_PREFIXES);

const STATES: Record<string, Record<string, string>> = {
  US: {
    AL: 'Alabama',
    AK: 'Alaska',
    AZ: 'Arizona',
    AR: 'Arkansas',
    CA: 'California',
    CO: 'Colorado',
    CT: 'Connecticut',
    DE: 'Delaware',
    DC: 'District of Columbia',
    FL: 'Florida',
    GA: 'Georgia',
    HI: 'Hawaii',
    ID: 'Idaho',
    IL: 'Illinois',
    IN: 'Indiana',
    IA: 'Iowa',
    KS: 'Kansas',
    KY: 'Kentucky',
    LA: 'Louisiana',
    ME: 'Maine',
    MD: 'Maryland',
    MA: 'Massachusetts',
    MI: 'Michigan',
    MN: 'Minnesota',
    MS: 'Mississippi',
    MO: 'Missouri',
    MT: 'Montana',
    NE: 'Nebraska',
    NV: 'Nevada',
    NH: 'New Hampshire',
    NJ: 'New Jersey',
    NM: 'New Mexico',
    NY: 'New York',
    NC: 'North Carolina',
    ND: 'North Dakota',
    OH: 'Ohio',
    OK: 'Oklahoma',
    OR: 'Oregon',
    PA: 'Pennsylvania',
    RI: 'Rhode Island',
    SC: 'South Carolina',
    SD: 'South Dakota',
    TN: 'Tennessee',
    TX: 'Texas',
    UT: 'Utah',
    VT: 'Vermont',
    VA: 'Virginia',
    WA: 'Washington',
    WV: 'West Virginia',
    WI: 'Wisconsin',
    WY: 'Wyoming',
  },
  CA: {
    AB: 'Alberta',
    BC: 'British Columbia',
    MB: 'Manitoba',
    NB: 'New Brunswick',
    NL: 'Newfoundland and Labrador',
    NS: 'Nova Scotia',
    NT: 'Northwest Territories',
    NU: 'Nunavut',
    ON: 'Ontario',
    PE: 'Prince Edward Island',
    QC: 'Quebec',
    SK: 'Saskatchewan',
    YT: 'Yukon',
  },
  AU: {
    ACT: 'Australian Capital Territory',
    NSW: 'New South Wales',
    NT: 'Northern Territory',
    QLD: 'Queensland',
    SA: 'South Australia',
    TAS: 'Tasmania',
    VIC: 'Victoria',
    WA: 'Western Australia',
  },
  BR: {
    AC: 'Acre',
    AL: 'Alagoas',
    AP: 'Amapá',
    AM: 'Amazonas',
    BA: 'Bahia',
    CE: 'Ceará',
    DF: 'Distrito Federal',
    ES: 'Espírito Santo',
    GO: 'Goiás',
    MA: 'Maranhão',
    MT: 'Mato Grosso',
    MS: 'Mato Grosso do Sul',
    MG: 'Minas Gerais',
    PA: 'Pará',
    PB: 'Paraíba',
    PR: 'Paraná',
    PE: 'Pernambuco',
    PI: 'Piauí',
    RJ: 'Rio de Janeiro',
    RN: 'Rio Grande do Norte',
    RS: 'Rio Grande do Sul',
    RO: 'Rondônia',
    RR: 'Roraima',
    SC: 'Santa Catarina',
    SP: 'São Paulo',
    SE: 'Sergipe',
    TO: 'Tocantins',
  },
};

/** A BCP 47 locale ICU can name countries in, or undefined. */
export function datasetLocale(locale: string): string | undefined {
  const normalised = locale.replace('_', '-');
  try {
    return Intl.DisplayNames.supportedLocalesOf([normalised]).length > 0 ? normalised : undefined;
  } catch {
    return undefined;
  }
}

export function countries(locale: string): { id: string; name: string }[] {
  const names = new Intl.DisplayNames([locale], { type: 'region' });
  return COUNTRY_CODES.map((id) => ({ id, name: names.of(id) ?? id })).sort((a, b) =>
    a.name.localeCompare(b.name, locale),
  );
}

export function states(country: string): { id: string; name: string }[] | undefined {
  const table = STATES[country.toUpperCase()];
  return table ? Object.entries(table).map(([id, name]) => ({ id, name })) : undefined;
}

export function phoneNumbers(): { id: string; prefix: string }[] {
  return Object.entries(PHONE_PREFIXES).map(([id, prefix]) => ({ id, prefix }));
}
