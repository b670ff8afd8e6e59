/**
 * long-file: hand-written demo data (companies, users, addresses, rules); one company's records stay together.
 * Buyer companies, their users, addresses, approval rules, user groups and spending accounts,
 * and the CRM contacts behind the users. This data is hand-written (realistic names, streets and
 * VAT numbers) and does not depend on the seed, so demo logins and ids stay the same in every
 * world; dates still derive from asOf.
 *
 * Deliberate gaps for the ERP scenarios: Vindkraft Service Sverige AB is in the CRM but not in the
 * ERP, the contact of mads@acme-dk.example is missing in the ERP, personal addresses have no ERP
 * id, and the pending registrant (eva@new-buyer.example) is in neither system yet.
 */
import { CATALOG_ID } from '@actuate/contracts';
import { daysFrom } from './dates.ts';
import type { Currency, Locale } from './organisation.ts';
import { stableGuid } from './random.ts';

export const DEMO_PASSWORD = 'actuate-demo';
export const STOREFRONT_CLIENT_ID = 'actuate-storefront';
/** The platform catalog every demo company is assigned (a shared contract with the middleware). */
export { CATALOG_ID };
/** Versions of the terms and the privacy policy a user must have approved to shop. */
export const CURRENT_TERMS_VERSION = 3;
export const CURRENT_PRIVACY_VERSION = 2;

/** The documented demo logins (all with DEMO_PASSWORD). */
export const DEMO_LOGINS = {
  shopper: 'anna@acme-dk.example',
  buyerAdminApprover: 'bo@acme-dk.example',
  germanShopper: 'clara@bauer-de.example',
  creditHoldShopper: 'dan@hold-dk.example',
  pendingRegistrant: 'eva@new-buyer.example',
} as const;

/** OrderCloud roles of an ordinary buyer user (Headstart's base buyer profile plus subscriptions). */
export const SHOPPER_ROLES: readonly string[] = [
  'Shopper',
  'MeAdmin',
  'MeAddressAdmin',
  'MeXpAdmin',
  'MeCreditCardAdmin',
  'MeSubscriptionAdmin',
  'ProductFacetReader',
  'PasswordReset',
];
/** A buyer administrator also manages the company's users, addresses, approval rules, budgets and cost centers. */
export const BUYER_ADMIN_ROLES: readonly string[] = [
  ...SHOPPER_ROLES,
  'BuyerAdmin',
  'BuyerReader',
  'BuyerUserAdmin',
  'UserGroupAdmin',
  'AddressAdmin',
  'ApprovalRuleAdmin',
  'ApprovalRuleReader',
  'SpendingAccountAdmin',
  'SpendingAccountReader',
  'CostCenterAdmin',
  'CostCenterReader',
  'OrderReader',
  'UnsubmittedOrderReader',
];
/** A pending registrant may maintain the profile but not shop until the registration is complete. */
export const PENDING_USER_ROLES: readonly string[] = ['MeAdmin', 'MeXpAdmin', 'PasswordReset'];

/** User group of the users who approve orders (the approval rule's approving group). */
export const ORDER_APPROVERS_GROUP = 'order-approvers';

export type TaxGroupId = 'DK-DOM' | 'DE-DOM' | 'NL-DOM' | 'SE-DOM' | 'EU-RC' | 'EXPORT';

export interface Company {
  /** Buyer id on the platform; letters, digits and hyphens. */
  id: string;
  name: string;
  defaultCatalogId: string;
  active: boolean;
  /** 'pending' while the registration has not been processed into CRM and ERP. */
  registrationStatus: 'complete' | 'pending';
  crmId: string | null;
  /** ERP customer account, e.g. ADK-100004; null while pending. */
  erpId: string | null;
  salesCompanyId: string;
  creditHold: boolean;
  currency: Currency;
  countryCode2: string;
  countryCode3: string;
  locale: Locale;
  taxGroup: TaxGroupId;
  invoiceEmail: string;
  vatNumber: string;
  phone: string;
  paymentTermsDays: number;
  /** Whether the back office's CRM / ERP knows this customer (false = scenario or pending). */
  presentInCrm: boolean;
  presentInErp: boolean;
  /** Orders above this total need approval (summary of the company's approval rule), else null. */
  approvalThreshold: {
    amountMinor: number;
    currency: Currency;
    approvingGroupId: string;
    approvalRuleId: string;
  } | null;
}

export interface User {
  id: string;
  username: string;
  email: string;
  firstName: string;
  lastName: string;
  phone: string;
  companyId: string;
  active: boolean;
  status: 'complete' | 'pending';
  /** OrderCloud roles (AvailableRoles). */
  roles: string[];
  /** User groups within the company, e.g. 'order-approvers'. */
  groups: string[];
  azureObjectId: string | null;
  crmId: string | null;
  /** ERP contact id, three letters + hyphen + six digits; null while pending. */
  erpId: string | null;
  salesCompanyId: string | null;
  termsVersionApproved: number;
  privacyVersionApproved: number;
  locale: { language: Locale; currency: Currency };
  dateCreated: string;
}

export interface Address {
  id: string;
  /** Company address book or a user's personal addresses. */
  ownerType: 'company' | 'user';
  companyId: string;
  userId: string | null;
  addressName: string;
  companyName: string | null;
  firstName: string | null;
  lastName: string | null;
  street1: string;
  street2: string | null;
  city: string;
  zip: string;
  /** Region / state / province; never empty, as the contract's address requires. */
  state: string;
  countryCode2: string;
  countryCode3: string;
  phone: string;
  shipping: boolean;
  billing: boolean;
  editable: boolean;
  /** ERP address id; null for addresses the ERP does not know (personal or pending). */
  erpId: string | null;
  validFrom: string;
  validTo: string | null;
}

export interface CrmContact {
  /** The CRM contact id; the same as the user's crmId. */
  id: string;
  userId: string;
  companyId: string;
  companyCrmId: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** ERP contact id the shop stores on the user. */
  erpId: string;
  /** false for the deliberately missing ERP contact (MissingContact scenario). */
  presentInErp: boolean;
}

export interface UserGroup {
  id: string;
  companyId: string;
  name: string;
  description: string;
}

export interface ApprovalRule {
  id: string;
  companyId: string;
  name: string;
  description: string;
  /** Orders whose total exceeds this (minor units of `currency`) need approval. */
  thresholdMinor: number;
  currency: Currency;
  approvingGroupId: string;
  /** OrderCloud rule expression. */
  ruleExpression: string;
}

export interface SpendingAccount {
  id: string;
  companyId: string;
  name: string;
  balance: number;
  currency: Currency;
  allowAsPaymentMethod: boolean;
  startDate: string;
  endDate: string | null;
  assignments: { userId: string | null; userGroupId: string | null; allowExceed: boolean }[];
}

// --- Source table -----------------------------------------------------------------------------

type Role = 'shopper' | 'admin' | 'approver-admin' | 'pending';

interface PersonRow {
  first: string;
  last: string;
  role: Role;
  /** Approved terms version when it is older than the current one. */
  termsVersion?: number;
}

interface SiteRow {
  /** The address name, in the company's language (buyer data, shown as typed). */
  name: string;
  /** The address ID's suffix, when not the name's slug (IDs stay stable across renames). */
  idSuffix?: string;
  street1: string;
  street2?: string;
  zip: string;
  city: string;
  shipping: boolean;
  billing: boolean;
  /** Days after asOf when the address stopped being valid (negative = in the past). */
  validToDays?: number;
}

interface CompanyRow {
  id: string;
  name: string;
  country: keyof typeof COUNTRIES;
  state: string;
  salesCompanyId: string;
  currency: Currency;
  vatNumber: string;
  phonePrefix: string;
  creditHold?: boolean;
  pending?: boolean;
  missingInErp?: boolean;
  paymentTermsDays?: number;
  sites: SiteRow[];
  people: PersonRow[];
}

const COUNTRIES = {
  DK: { code3: 'DNK', eu: true },
  DE: { code3: 'DEU', eu: true },
  NL: { code3: 'NLD', eu: true },
  BE: { code3: 'BEL', eu: true },
  SE: { code3: 'SWE', eu: true },
  FI: { code3: 'FIN', eu: true },
  AT: { code3: 'AUT', eu: true },
  PL: { code3: 'POL', eu: true },
  NO: { code3: 'NOR', eu: false },
} as const;

const SALES_COMPANY_COUNTRY: Record<string, string> = { ADK: 'DK', ADE: 'DE', ANL: 'NL', ASE: 'SE' };

/** "Head office" in each company's language: address names are the buyer's own data. */
const HEAD_OFFICE_NAMES: Readonly<Record<string, string>> = {
  DK: 'Hovedkontor',
  NO: 'Hovedkontor',
  SE: 'Huvudkontor',
  FI: 'Pääkonttori',
  DE: 'Hauptsitz',
  AT: 'Hauptsitz',
  NL: 'Hoofdkantoor',
  BE: 'Hoofdkantoor',
  PL: 'Siedziba główna',
};

const HEAD_OFFICE = 'Head office';

const hq = (street1: string, zip: string, city: string): SiteRow => ({
  name: HEAD_OFFICE,
  street1,
  zip,
  city,
  shipping: true,
  billing: true,
});

const COMPANY_ROWS: readonly CompanyRow[] = [
  {
    id: 'acme-dk',
    name: 'ACME Industri A/S',
    country: 'DK',
    state: 'Region Midtjylland',
    salesCompanyId: 'ADK',
    currency: 'DKK',
    vatNumber: 'DK29403187',
    phonePrefix: '+45 86',
    sites: [
      hq('Søren Frichs Vej 42', '8230', 'Åbyhøj'),
      {
        name: 'Lager Hasselager',
        idSuffix: 'warehouse-hasselager',
        street1: 'Hasselager Centervej 18',
        zip: '8361',
        city: 'Hasselager',
        shipping: true,
        billing: false,
      },
      {
        name: 'Kreditorbogholderiet',
        idSuffix: 'accounts-payable',
        street1: 'Søren Frichs Vej 42',
        street2: 'Att. Kreditorbogholderiet',
        zip: '8230',
        city: 'Åbyhøj',
        shipping: false,
        billing: true,
      },
      {
        name: 'Gammelt lager Viby (lukket)',
        idSuffix: 'old-warehouse-viby-closed',
        street1: 'Skanderborgvej 190',
        zip: '8260',
        city: 'Viby J',
        shipping: true,
        billing: false,
        validToDays: -45,
      },
    ],
    people: [
      { first: 'Anna', last: 'Andersen', role: 'shopper' },
      { first: 'Bo', last: 'Bertelsen', role: 'approver-admin' },
      { first: 'Mads', last: 'Mikkelsen', role: 'shopper' },
      { first: 'Lise', last: 'Kjær', role: 'shopper', termsVersion: 2 },
    ],
  },
  {
    id: 'bauer-de',
    name: 'Bauer Antriebstechnik GmbH',
    country: 'DE',
    state: 'Baden-Württemberg',
    salesCompanyId: 'ADE',
    currency: 'EUR',
    vatNumber: 'DE814736592',
    phonePrefix: '+49 711',
    sites: [
      hq('Heilbronner Straße 150', '70191', 'Stuttgart'),
      {
        name: 'Werk Esslingen',
        street1: 'Fabrikstraße 31',
        zip: '73728',
        city: 'Esslingen am Neckar',
        shipping: true,
        billing: false,
      },
    ],
    people: [
      { first: 'Clara', last: 'Schneider', role: 'shopper' },
      { first: 'Jonas', last: 'Weber', role: 'admin' },
      { first: 'Katrin', last: 'Hoffmann', role: 'shopper' },
    ],
  },
  {
    id: 'hold-dk',
    name: 'Hold Maskinfabrik ApS',
    country: 'DK',
    state: 'Region Syddanmark',
    salesCompanyId: 'ADK',
    currency: 'DKK',
    vatNumber: 'DK35817264',
    phonePrefix: '+45 66',
    creditHold: true,
    sites: [hq('Rugårdsvej 210', '5210', 'Odense NV')],
    people: [{ first: 'Dan', last: 'Dalgaard', role: 'shopper' }],
  },
  {
    id: 'new-buyer',
    name: 'Nordhavn Robotics ApS',
    country: 'DK',
    state: 'Region Hovedstaden',
    salesCompanyId: 'ADK',
    currency: 'DKK',
    vatNumber: 'DK43128790',
    phonePrefix: '+45 32',
    pending: true,
    sites: [hq('Sundkrogsgade 21', '2150', 'Nordhavn')],
    people: [{ first: 'Eva', last: 'Eriksen', role: 'pending' }],
  },
  {
    id: 'nordsoe-dk',
    name: 'Nordsø Hydraulik A/S',
    country: 'DK',
    state: 'Region Syddanmark',
    salesCompanyId: 'ADK',
    currency: 'DKK',
    vatNumber: 'DK18273645',
    phonePrefix: '+45 75',
    sites: [hq('Kvaglundvej 84', '6705', 'Esbjerg Ø')],
    people: [
      { first: 'Peter', last: 'Holm', role: 'admin' },
      { first: 'Karina', last: 'Lund', role: 'shopper' },
    ],
  },
  {
    id: 'fynsk-pleje-dk',
    name: 'Fynsk Plejeteknik ApS',
    country: 'DK',
    state: 'Region Syddanmark',
    salesCompanyId: 'ADK',
    currency: 'DKK',
    vatNumber: 'DK37465218',
    phonePrefix: '+45 62',
    sites: [hq('Tvedvej 35', '5700', 'Svendborg')],
    people: [{ first: 'Mette', last: 'Rasmussen', role: 'admin' }],
  },
  {
    id: 'kontorinventar-dk',
    name: 'Kontorinventar Danmark A/S',
    country: 'DK',
    state: 'Region Midtjylland',
    salesCompanyId: 'ADK',
    currency: 'DKK',
    vatNumber: 'DK21654387',
    phonePrefix: '+45 97',
    sites: [
      hq('Birk Centerpark 24', '7400', 'Herning'),
      {
        name: 'Lager Ikast',
        street1: 'Industrivej 7',
        zip: '7430',
        city: 'Ikast',
        shipping: true,
        billing: false,
      },
    ],
    people: [
      { first: 'Jesper', last: 'Nørgaard', role: 'admin' },
      { first: 'Sofie', last: 'Thomsen', role: 'shopper' },
    ],
  },
  {
    id: 'solartec-de',
    name: 'Solartec Freiburg GmbH',
    country: 'DE',
    state: 'Baden-Württemberg',
    salesCompanyId: 'ADE',
    currency: 'EUR',
    vatNumber: 'DE297531864',
    phonePrefix: '+49 761',
    sites: [hq('Bötzinger Straße 60', '79111', 'Freiburg im Breisgau')],
    people: [{ first: 'Lukas', last: 'Fischer', role: 'admin' }],
  },
  {
    id: 'klinikbedarf-de',
    name: 'Klinikbedarf Müller GmbH',
    country: 'DE',
    state: 'Hamburg',
    salesCompanyId: 'ADE',
    currency: 'EUR',
    vatNumber: 'DE263918457',
    phonePrefix: '+49 40',
    sites: [hq('Wandsbeker Zollstraße 87', '22041', 'Hamburg')],
    people: [
      { first: 'Sabine', last: 'Müller', role: 'admin' },
      { first: 'Tobias', last: 'Krüger', role: 'shopper' },
    ],
  },
  {
    id: 'agrar-owl-de',
    name: 'Agrartechnik Ostwestfalen GmbH',
    country: 'DE',
    state: 'Nordrhein-Westfalen',
    salesCompanyId: 'ADE',
    currency: 'EUR',
    vatNumber: 'DE318642975',
    phonePrefix: '+49 521',
    sites: [hq('Eckendorfer Straße 115', '33609', 'Bielefeld')],
    people: [{ first: 'Felix', last: 'Wagner', role: 'admin' }],
  },
  {
    id: 'van-dijk-nl',
    name: 'Van Dijk Kassenbouw B.V.',
    country: 'NL',
    state: 'Zuid-Holland',
    salesCompanyId: 'ANL',
    currency: 'EUR',
    vatNumber: 'NL812345678B01',
    phonePrefix: '+31 174',
    sites: [hq('Zwartendijk 30', '2681 LP', 'Monster')],
    people: [
      { first: 'Daan', last: 'van Dijk', role: 'admin' },
      { first: 'Femke', last: 'de Jong', role: 'shopper' },
    ],
  },
  {
    id: 'zorgbed-nl',
    name: 'Zorgbed Nederland B.V.',
    country: 'NL',
    state: 'Utrecht',
    salesCompanyId: 'ANL',
    currency: 'EUR',
    vatNumber: 'NL856473921B01',
    phonePrefix: '+31 30',
    sites: [hq('Ravenswade 54', '3439 LD', 'Nieuwegein')],
    people: [{ first: 'Sanne', last: 'Bakker', role: 'admin' }],
  },
  {
    id: 'devries-nl',
    name: 'De Vries Machinebouw B.V.',
    country: 'NL',
    state: 'Noord-Brabant',
    salesCompanyId: 'ANL',
    currency: 'EUR',
    vatNumber: 'NL803216549B01',
    phonePrefix: '+31 40',
    sites: [hq('De Run 4281', '5503 LM', 'Veldhoven')],
    people: [{ first: 'Bram', last: 'de Vries', role: 'admin' }],
  },
  {
    id: 'ergodesk-be',
    name: 'ErgoDesk Belgium NV',
    country: 'BE',
    state: 'Oost-Vlaanderen',
    salesCompanyId: 'ANL',
    currency: 'EUR',
    vatNumber: 'BE0712345678',
    phonePrefix: '+32 9',
    sites: [hq('Kortrijksesteenweg 1101', '9051', 'Gent')],
    people: [{ first: 'Lotte', last: 'Peeters', role: 'admin' }],
  },
  {
    id: 'lantbruk-se',
    name: 'Lantbruksmaskiner Skåne AB',
    country: 'SE',
    state: 'Skåne län',
    salesCompanyId: 'ASE',
    currency: 'EUR',
    vatNumber: 'SE556734129801',
    phonePrefix: '+46 40',
    sites: [hq('Stora Varvsgatan 11', '211 19', 'Malmö')],
    people: [
      { first: 'Erik', last: 'Lindqvist', role: 'admin' },
      { first: 'Maja', last: 'Svensson', role: 'shopper' },
    ],
  },
  {
    id: 'vindkraft-se',
    name: 'Vindkraft Service Sverige AB',
    country: 'SE',
    state: 'Västra Götalands län',
    salesCompanyId: 'ASE',
    currency: 'EUR',
    vatNumber: 'SE559012345601',
    phonePrefix: '+46 31',
    missingInErp: true,
    sites: [hq('Lindholmspiren 7', '417 56', 'Göteborg')],
    people: [{ first: 'Gustav', last: 'Nilsson', role: 'admin' }],
  },
  {
    id: 'hoitosanky-fi',
    name: 'Suomen Hoitosängyt Oy',
    country: 'FI',
    state: 'Pirkanmaa',
    salesCompanyId: 'ASE',
    currency: 'EUR',
    vatNumber: 'FI27841935',
    phonePrefix: '+358 3',
    sites: [hq('Hatanpään valtatie 34', '33100', 'Tampere')],
    people: [{ first: 'Aino', last: 'Virtanen', role: 'admin' }],
  },
  {
    id: 'alpen-at',
    name: 'Alpen Fenstertechnik GmbH',
    country: 'AT',
    state: 'Tirol',
    salesCompanyId: 'ADE',
    currency: 'EUR',
    vatNumber: 'ATU68412359',
    phonePrefix: '+43 512',
    sites: [hq('Grabenweg 68', '6020', 'Innsbruck')],
    people: [{ first: 'Florian', last: 'Gruber', role: 'admin' }],
  },
  {
    id: 'fjordlift-no',
    name: 'Fjordlift AS',
    country: 'NO',
    state: 'Vestland',
    salesCompanyId: 'ADK',
    currency: 'EUR',
    vatNumber: 'NO918273645MVA',
    phonePrefix: '+47 55',
    sites: [hq('Kokstadvegen 23', '5257', 'Kokstad')],
    people: [{ first: 'Ingrid', last: 'Haugen', role: 'admin' }],
  },
  {
    id: 'mechatronika-pl',
    name: 'Mechatronika Polska Sp. z o.o.',
    country: 'PL',
    state: 'Dolnośląskie',
    salesCompanyId: 'ADE',
    currency: 'EUR',
    vatNumber: 'PL8971234567',
    phonePrefix: '+48 71',
    sites: [hq('ul. Legnicka 55', '54-203', 'Wrocław')],
    people: [{ first: 'Tomasz', last: 'Kowalski', role: 'admin' }],
  },
];

// --- Derivation -------------------------------------------------------------------------------

function localeOf(country: string): Locale {
  if (country === 'DK') return 'da-DK';
  if (country === 'DE' || country === 'AT') return 'de-DE';
  return 'en-GB';
}

/** Domestic VAT when buyer and sales company share a country, reverse charge within the EU, else export. */
function taxGroupOf(country: keyof typeof COUNTRIES, salesCompanyId: string): TaxGroupId {
  if (SALES_COMPANY_COUNTRY[salesCompanyId] === country) return `${country}-DOM` as TaxGroupId;
  return COUNTRIES[country].eu ? 'EU-RC' : 'EXPORT';
}

/** ASCII local part of an e-mail address: "Nørgaard" → "norgaard". */
function emailLocal(name: string): string {
  return name
    .toLowerCase()
    .replace(/ø/g, 'o')
    .replace(/æ/g, 'ae')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-');
}

/** A deterministic subscriber number after the area prefix, e.g. "+45 86 12 34 56". */
function phoneNumber(prefix: string, key: string): string {
  const digits = stableGuid(`phone:${key}`).replace(/\D/g, '').padEnd(8, '7');
  if (prefix.startsWith('+45'))
    return `${prefix} ${digits.slice(0, 2)} ${digits.slice(2, 4)} ${digits.slice(4, 6)}`;
  return `${prefix} ${digits.slice(0, 6)}`;
}

function erpNumber(salesCompanyId: string, range: number, index: number): string {
  return `${salesCompanyId}-${String(range * 100_000 + 1 + index).padStart(6, '0')}`;
}

export interface CustomerData {
  companies: Company[];
  users: User[];
  addresses: Address[];
  contacts: CrmContact[];
  userGroups: UserGroup[];
  approvalRules: ApprovalRule[];
  spendingAccounts: SpendingAccount[];
}

/** ACME's rule, named in the company's language (Danish) like its other buyer data. */
const APPROVAL_RULES: readonly ApprovalRule[] = [
  {
    id: 'acme-dk-over-50000',
    companyId: 'acme-dk',
    name: 'Ordrer over 50.000 DKK',
    description: 'Ordrer med en total over 50.000,00 DKK skal godkendes af en ordregodkender.',
    thresholdMinor: 5_000_000,
    currency: 'DKK',
    approvingGroupId: ORDER_APPROVERS_GROUP,
    ruleExpression: 'order.Total > 50000',
  },
];

export function buildCustomers(asOfTime: number): CustomerData {
  const companies: Company[] = [];
  const users: User[] = [];
  const addresses: Address[] = [];
  const contacts: CrmContact[] = [];
  const userGroups: UserGroup[] = [];
  let addressIndex = 0;
  let userIndex = 0;

  COMPANY_ROWS.forEach((row, companyIndex) => {
    const pending = row.pending === true;
    const country = COUNTRIES[row.country];
    const company: Company = {
      id: row.id,
      name: row.name,
      defaultCatalogId: CATALOG_ID,
      active: true,
      registrationStatus: pending ? 'pending' : 'complete',
      crmId: pending ? null : stableGuid(`account:${row.id}`),
      erpId: pending ? null : erpNumber(row.salesCompanyId, 1, companyIndex),
      salesCompanyId: row.salesCompanyId,
      creditHold: row.creditHold === true,
      currency: row.currency,
      countryCode2: row.country,
      countryCode3: country.code3,
      locale: localeOf(row.country),
      taxGroup: taxGroupOf(row.country, row.salesCompanyId),
      invoiceEmail: `invoices@${row.id}.example`,
      vatNumber: row.vatNumber,
      phone: phoneNumber(row.phonePrefix, row.id),
      paymentTermsDays: row.paymentTermsDays ?? (row.country === 'DK' ? 30 : 45),
      presentInCrm: !pending,
      presentInErp: !pending && row.missingInErp !== true,
      approvalThreshold: approvalThresholdOf(row.id),
    };
    companies.push(company);

    for (const site of row.sites) {
      addresses.push({
        id: `${row.id}-${site.idSuffix ?? emailLocal(site.name).replace(/-+$/, '')}`,
        ownerType: 'company',
        companyId: row.id,
        userId: null,
        addressName: site.name === HEAD_OFFICE ? (HEAD_OFFICE_NAMES[row.country] ?? site.name) : site.name,
        companyName: row.name,
        firstName: null,
        lastName: null,
        street1: site.street1,
        street2: site.street2 ?? null,
        city: site.city,
        zip: site.zip,
        state: row.state,
        countryCode2: row.country,
        countryCode3: country.code3,
        phone: company.phone,
        shipping: site.shipping,
        billing: site.billing,
        editable: false,
        erpId: pending ? null : erpNumber(row.salesCompanyId, 3, addressIndex++),
        validFrom: daysFrom(asOfTime, -730),
        validTo: site.validToDays === undefined ? null : daysFrom(asOfTime, site.validToDays),
      });
    }

    for (const person of row.people) {
      const local = emailLocal(person.first);
      const email = `${local}@${row.id}.example`;
      const userId = `${row.id}-${local}`;
      const isPending = person.role === 'pending';
      const isAdmin = person.role === 'admin' || person.role === 'approver-admin';
      const user: User = {
        id: userId,
        username: email,
        email,
        firstName: person.first,
        lastName: person.last,
        phone: phoneNumber(row.phonePrefix, userId),
        companyId: row.id,
        active: true,
        status: isPending ? 'pending' : 'complete',
        roles: [...(isPending ? PENDING_USER_ROLES : isAdmin ? BUYER_ADMIN_ROLES : SHOPPER_ROLES)],
        groups: person.role === 'approver-admin' ? [ORDER_APPROVERS_GROUP] : [],
        azureObjectId: isPending ? null : stableGuid(`azure:${userId}`),
        crmId: isPending ? null : stableGuid(`contact:${userId}`),
        erpId: isPending ? null : erpNumber(row.salesCompanyId, 2, userIndex),
        salesCompanyId: isPending ? null : row.salesCompanyId,
        termsVersionApproved: person.termsVersion ?? CURRENT_TERMS_VERSION,
        privacyVersionApproved: CURRENT_PRIVACY_VERSION,
        locale: { language: company.locale, currency: row.currency },
        dateCreated: daysFrom(asOfTime, isPending ? -2 : -400 + userIndex * 11),
      };
      userIndex++;
      users.push(user);
      if (user.crmId && user.erpId && company.crmId) {
        contacts.push({
          id: user.crmId,
          userId,
          companyId: row.id,
          companyCrmId: company.crmId,
          firstName: user.firstName,
          lastName: user.lastName,
          email,
          phone: user.phone,
          erpId: user.erpId,
          presentInErp: email !== MISSING_ERP_CONTACT_USERNAME,
        });
      }
    }
    if (row.people.some((person) => person.role === 'approver-admin')) {
      userGroups.push({
        id: ORDER_APPROVERS_GROUP,
        companyId: row.id,
        name: 'Ordregodkendere',
        description: 'Godkender ordrer, der overstiger godkendelsesgrænsen.',
      });
    }
  });

  addresses.push(...personalAddresses(asOfTime, users));

  return {
    companies,
    users,
    addresses,
    contacts,
    userGroups,
    approvalRules: APPROVAL_RULES.map((rule) => ({ ...rule })),
    spendingAccounts: [
      {
        id: 'acme-dk-service-budget',
        companyId: 'acme-dk',
        name: 'Service- og reservedelsbudget',
        balance: 7_500_000,
        currency: 'DKK',
        allowAsPaymentMethod: true,
        startDate: daysFrom(asOfTime, -30),
        endDate: null,
        assignments: [
          { userId: 'acme-dk-anna', userGroupId: null, allowExceed: false },
          { userId: null, userGroupId: ORDER_APPROVERS_GROUP, allowExceed: true },
        ],
      },
      {
        id: 'bauer-de-musterbau',
        companyId: 'bauer-de',
        name: 'Musterbau-Budget',
        balance: 1_500_000,
        currency: 'EUR',
        allowAsPaymentMethod: true,
        startDate: daysFrom(asOfTime, -30),
        endDate: daysFrom(asOfTime, 730),
        assignments: [
          { userId: 'bauer-de-clara', userGroupId: null, allowExceed: false },
          { userId: 'bauer-de-jonas', userGroupId: null, allowExceed: false },
        ],
      },
    ],
  };
}

function approvalThresholdOf(companyId: string): Company['approvalThreshold'] {
  const rule = APPROVAL_RULES.find((candidate) => candidate.companyId === companyId);
  if (!rule) return null;
  return {
    amountMinor: rule.thresholdMinor,
    currency: rule.currency,
    approvingGroupId: rule.approvingGroupId,
    approvalRuleId: rule.id,
  };
}

/** The user whose CRM contact the ERP does not know (MissingContact scenario). */
export const MISSING_ERP_CONTACT_USERNAME = 'mads@acme-dk.example';
/** The company the ERP does not know (MissingCustomer scenario). */
export const MISSING_ERP_CUSTOMER_ID = 'vindkraft-se';
/** A personal address without ERP id: shipping there gives MissingDeliveryAddress. */
export const ADDRESS_MISSING_IN_ERP_ID = 'acme-dk-anna-home';

function personalAddresses(asOfTime: number, users: readonly User[]): Address[] {
  const rows: {
    userId: string;
    name: string;
    street1: string;
    street2?: string;
    zip: string;
    city: string;
    state: string;
    country: 'DK' | 'DE';
    id: string;
  }[] = [
    {
      id: ADDRESS_MISSING_IN_ERP_ID,
      userId: 'acme-dk-anna',
      name: 'Hjemmekontor',
      street1: 'Vestergade 9',
      street2: '2. th.',
      zip: '8000',
      city: 'Aarhus C',
      state: 'Region Midtjylland',
      country: 'DK',
    },
    {
      id: 'acme-dk-bo-home',
      userId: 'acme-dk-bo',
      name: 'Hjemme',
      street1: 'Strandvejen 112',
      zip: '8000',
      city: 'Aarhus C',
      state: 'Region Midtjylland',
      country: 'DK',
    },
    {
      id: 'bauer-de-clara-home',
      userId: 'bauer-de-clara',
      name: 'Zuhause',
      street1: 'Gutenbergstraße 12',
      zip: '70176',
      city: 'Stuttgart',
      state: 'Baden-Württemberg',
      country: 'DE',
    },
  ];
  return rows.map((row) => {
    const user = users.find((candidate) => candidate.id === row.userId);
    if (!user) throw new Error(`Personal address for unknown user ${row.userId}`);
    return {
      id: row.id,
      ownerType: 'user',
      companyId: user.companyId,
      userId: user.id,
      addressName: row.name,
      companyName: null,
      firstName: user.firstName,
      lastName: user.lastName,
      street1: row.street1,
      street2: row.street2 ?? null,
      city: row.city,
      zip: row.zip,
      state: row.state,
      countryCode2: row.country,
      countryCode3: row.country === 'DK' ? 'DNK' : 'DEU',
      phone: user.phone,
      shipping: true,
      billing: false,
      editable: true,
      erpId: null,
      validFrom: daysFrom(asOfTime, -200),
      validTo: null,
    };
  });
}
