/**
 * The demo world (`@actuate/catalog-data`) as OrderCloud entities of this platform: pure mapping,
 * no database. The seeder (`seeder.ts`) writes what these functions return.
 */

import {
  type Address,
  type CommercialVariant,
  type Company,
  type DemoWorld,
  dkkToEur,
  exchangeRateAt,
  type Family,
  PRODUCT_FAMILY_GROUPS,
  type ProductFamilyGroup,
  priceScheduleFor,
  type SalesItem,
  type SalesItemConfiguration,
  type User,
} from '@actuate/catalog-data';
import {
  type BuyerAddress,
  type BuyerUserXp,
  CONFIGURATION_FACETS,
  type ConfigurationFacets,
  fromMinorUnits,
  type NumericFacetValue,
} from '@actuate/contracts';
import type { NewProductRow } from '../catalog/repository.ts';
import type { NewPriceScheduleRow } from '../prices/repository.ts';

/** The catalog every demo buyer is assigned (catalog-data's CATALOG_ID). */
export const DEMO_CURRENCIES = ['DKK', 'EUR'] as const;
export type DemoCurrency = (typeof DEMO_CURRENCIES)[number];

/**
 * Every sales item has one list-price schedule per currency, `<SalesItemNumber>-<Currency>`. The
 * EUR one is the product's default (EUR is the marketplace's default currency); buyers who shop in
 * DKK get the DKK one through a product assignment to their company.
 */
export const priceScheduleId = (salesItemNumber: string, currency: DemoCurrency) =>
  `${salesItemNumber}-${currency}`;
export const DEFAULT_SCHEDULE_CURRENCY: DemoCurrency = 'EUR';

// --- buyers, users, addresses -------------------------------------------------------------------

/** The BuyerCompany extension the middleware reads (contracts' BuyerCompanyXp). */
export function buyerXp(company: Company): Record<string, unknown> {
  return {
    // A pending registration has no CRM/ERP ids yet, so the extension stays incomplete on purpose.
    ...(company.crmId ? { CrmId: company.crmId } : {}),
    ...(company.erpId ? { ErpId: company.erpId } : {}),
    SalesCompanyId: company.salesCompanyId,
    CreditHold: company.creditHold,
    Currency: company.currency,
    CountryCode2: company.countryCode2,
    CountryCode3: company.countryCode3,
    Locale: company.locale,
    TaxGroup: company.taxGroup,
    InvoiceEmail: company.invoiceEmail,
    VatNumber: company.vatNumber,
    RegistrationStatus: company.registrationStatus === 'pending' ? 'Pending' : 'Complete',
  };
}

/** The user extension: Complete (CRM/ERP ids, accepted policy versions) or Pending (the registration). */
export function userXp(user: User, company: Company): BuyerUserXp {
  if (user.status === 'pending') {
    return {
      Kind: 'Pending',
      CompanyName: company.name,
      VatNumber: company.vatNumber,
      Country: company.countryCode2,
      TermsVersionApproved: user.termsVersionApproved,
      PrivacyVersionApproved: user.privacyVersionApproved,
    };
  }
  return {
    Kind: 'Complete',
    AzureObjectId: user.azureObjectId ?? '',
    CrmId: user.crmId ?? '',
    ErpId: user.erpId ?? '',
    SalesCompanyId: user.salesCompanyId ?? '',
    PrivacyVersionApproved: user.privacyVersionApproved,
    TermsVersionApproved: user.termsVersionApproved,
  };
}

/** An address body; the ERP extension only when the ERP knows the address (it is all or nothing). */
export function addressBody(address: Address): BuyerAddress & { ID: string } {
  return {
    ID: address.id,
    AddressName: address.addressName,
    CompanyName: address.companyName,
    FirstName: address.firstName,
    LastName: address.lastName,
    Street1: address.street1,
    Street2: address.street2,
    City: address.city,
    Zip: address.zip,
    State: address.state,
    Country: address.countryCode2,
    Phone: address.phone,
    Shipping: address.shipping,
    Billing: address.billing,
    xp: address.erpId
      ? {
          ErpId: address.erpId,
          ValidFrom: address.validFrom,
          ValidTo: address.validTo,
          CountryCode2: address.countryCode2,
          CountryCode3: address.countryCode3,
        }
      : {},
  };
}

// --- catalogue ----------------------------------------------------------------------------------

/**
 * The world's facets as the contracts' `ConfigurationFacets` (what the middleware validates on
 * every worksheet line): the paired cable facets become one facet each, as the contracts name them,
 * and the build-in dimension is a text value.
 */
export function contractFacets(configuration: SalesItemConfiguration): ConfigurationFacets {
  const facets: Record<string, string | NumericFacetValue> = {};
  const text = (key: string, value: string | undefined) => {
    if (value) facets[key] = value;
  };
  const pair = (key: string, first: string | undefined, second: string | undefined, joiner: string) => {
    if (first && second) facets[key] = first === second ? first : `${first}${joiner}${second}`;
    else text(key, first ?? second);
  };
  for (const key of [
    'backfixtureDiameter',
    'backfixtureThread',
    'diameterOut',
    'material',
    'orientation',
    'type',
    'feedback',
    'voltage',
    'pistonRodEyeDiameter',
    'pistonRodEyeThread',
    'pistonRodEyeMaterial',
    'slotWidth',
    'pistonRodEyeType',
    'controllerPlatform',
    'integratedControllerType',
    'dutyCycle',
    'maxRunTime',
    'restTime',
    'loadType',
    'protectionClass',
  ] as const) {
    text(key, configuration[key]);
  }
  for (const key of ['strokeLength', 'maxLoadPush', 'minimumSpeedAtFullLoad'] as const) {
    const value = configuration[key];
    if (value) facets[key] = { label: value.label, value: value.value, unit: value.unit };
  }
  text('buildInDimension', configuration.buildInDimension?.label);
  pair('powerAndSignalCableLength', configuration.powerCableLength, configuration.signalCableLength, ' / ');
  pair(
    'powerAndSignalCablePlugType',
    configuration.powerCablePlugType,
    configuration.signalCablePlugType,
    ' / ',
  );
  pair('cablePlugTypeAndLength', configuration.cablePlugType, configuration.cableLength, ', ');
  return facets as ConfigurationFacets;
}

/** The world's facet keys of a commercial variant, renamed to the contract's keys (paired ones merged). */
function contractFacetKeys(keys: readonly string[]): string[] {
  const renamed: Record<string, string> = {
    powerCableLength: 'powerAndSignalCableLength',
    signalCableLength: 'powerAndSignalCableLength',
    powerCablePlugType: 'powerAndSignalCablePlugType',
    signalCablePlugType: 'powerAndSignalCablePlugType',
    cablePlugType: 'cablePlugTypeAndLength',
    cableLength: 'cablePlugTypeAndLength',
  };
  return [...new Set(keys.map((key) => renamed[key] ?? key))];
}

const NUMERIC_FACET_UNITS: Record<string, string> = {
  strokeLength: 'mm',
  maxLoadPush: 'N',
  minimumSpeedAtFullLoad: 'mm/s',
};

/** Extension paths besides the configuration facets that the storefront filters and counts by. */
export const FAMILY_FACET_ID = 'productFamily';
export const VARIANT_FACET_ID = 'commercialVariant';

/**
 * `/v1/productfacets`: every configuration facet under `xp.Facets.<key>` (numeric ones by their
 * number, `xp.Facets.<key>.value`, so ranges such as `>=300` filter), then family and variant.
 */
export function productFacetBodies() {
  const facets = CONFIGURATION_FACETS.map((facet, index) => {
    const unit = NUMERIC_FACET_UNITS[facet.key];
    return {
      ID: facet.key,
      Name: facet.displayName,
      XpPath: unit ? `Facets.${facet.key}.value` : `Facets.${facet.key}`,
      ListOrder: index + 1,
      MinCount: 1,
      xp: {
        Scope: facet.appliesTo === 'all' ? 'Configuration' : 'SalesItem',
        Numeric: unit !== undefined,
        Unit: unit ?? null,
      },
    };
  });
  return [
    ...facets,
    {
      ID: FAMILY_FACET_ID,
      Name: 'Product family',
      XpPath: 'FamilyID',
      ListOrder: facets.length + 1,
      MinCount: 1,
      xp: { Scope: 'Catalogue', Numeric: false, Unit: null },
    },
    {
      ID: VARIANT_FACET_ID,
      Name: 'Commercial variant',
      XpPath: 'CommercialVariantID',
      ListOrder: facets.length + 2,
      MinCount: 1,
      xp: { Scope: 'Catalogue', Numeric: false, Unit: null },
    },
  ];
}

export const groupCategoryId = (group: ProductFamilyGroup) => group.toLowerCase();

/** Two levels: a category per product family group, and a category per family (ID = family ID) under it. */
export function categoryBodies(world: DemoWorld) {
  const groups = PRODUCT_FAMILY_GROUPS.filter((group) =>
    world.families.some((family) => family.productFamilyGroup === group),
  ).map((group, index) => ({
    ID: groupCategoryId(group),
    Name: group,
    Description: `${group} products`,
    Active: true,
    ParentID: null,
    ListOrder: index + 1,
    xp: { Kind: 'ProductFamilyGroup', ProductFamilyGroup: group },
  }));
  const families = world.families.map((family, index) => ({
    ID: family.id,
    Name: family.name,
    Description: family.description,
    Active: true,
    ParentID: groupCategoryId(family.productFamilyGroup),
    ListOrder: index + 1,
    xp: {
      Kind: 'ProductFamily',
      FamilyID: family.id,
      ShortName: family.shortName,
      FamilyKind: family.kind,
      Configurable: family.configurable,
      ProductFamilyGroup: family.productFamilyGroup,
      ImageUrl: family.imageUrl,
      CommercialVariants: family.commercialVariants.map((variant) => variant.id),
      SalesItemCount: family.salesItemCount,
    },
  }));
  return [...groups, ...families];
}

const DIMENSION_DECIMALS = 100;
const round = (value: number) => Math.round(value * DIMENSION_DECIMALS) / DIMENSION_DECIMALS;

/**
 * A sales item as a product: ID = SalesItemNumber (what the middleware and the back office use),
 * the SalesItem extension with the contract's facets, EUR list price as the default schedule.
 * Blocked items are inactive; discontinued and coming-soon items stay visible with their ProductState.
 */
export function salesItemProduct(item: SalesItem, family: Family): NewProductRow {
  return {
    id: item.salesItemNumber,
    name: item.name,
    description: item.description,
    active: item.productState !== 'Blocked',
    defaultPriceScheduleId: priceScheduleId(item.salesItemNumber, DEFAULT_SCHEDULE_CURRENCY),
    quantityMultiplier: 1,
    shipWeight: round(item.shipWeightKg),
    shipLength: item.shipDimensionsCm.length,
    shipWidth: item.shipDimensionsCm.width,
    shipHeight: item.shipDimensionsCm.height,
    returnable: false,
    defaultSupplierId: null,
    inventory: null,
    xp: {
      Kind: 'SalesItem',
      SalesItemNumber: item.salesItemNumber,
      ProductState: item.productState,
      ProductFamilyGroup: family.productFamilyGroup,
      ImageUrl: item.imageUrl,
      CommercialVariants: [item.commercialVariantId],
      Facets: contractFacets(item.configuration),
      FamilyID: family.id,
      CommercialVariantID: item.commercialVariantId,
      ConfigurationCode: item.configurationCode,
    },
  };
}

/**
 * A commercial variant as a display product (no price schedule, so it cannot be ordered): the
 * family page's building block with its price range per currency.
 */
export function commercialVariantProduct(
  world: DemoWorld,
  variant: CommercialVariant,
  family: Family,
): NewProductRow {
  const rate = exchangeRateAt(world.exchangeRates, world.options.asOf);
  const range = (currency: DemoCurrency) => {
    const convert = (dkk: number) => (currency === 'DKK' ? dkk : dkkToEur(dkk, rate));
    return {
      Currency: currency,
      Min: fromMinorUnits(convert(variant.grossPriceRange.min), currency),
      Max: fromMinorUnits(convert(variant.grossPriceRange.max), currency),
    };
  };
  return {
    id: variant.id,
    name: variant.name,
    description: family.description,
    active: true,
    defaultPriceScheduleId: null,
    quantityMultiplier: 1,
    returnable: false,
    xp: {
      Kind: 'CommercialVariant',
      ConfigurationInternalNames: contractFacetKeys(variant.configurationInternalNames),
      PriceRanges: DEMO_CURRENCIES.map(range),
      ProductFamilyGroup: family.productFamilyGroup,
      ImageUrl: variant.imageUrl,
      FamilyID: family.id,
      CommercialVariantID: variant.id,
      SalesItemCount: variant.salesItemCount,
    },
  };
}

/** The list-price schedule of an item in a currency: the world's gross price less each quantity break. */
export function priceScheduleRow(
  world: DemoWorld,
  item: SalesItem,
  currency: DemoCurrency,
): NewPriceScheduleRow {
  const schedule = priceScheduleFor(world, item.salesItemNumber, currency);
  if (!schedule) throw new Error(`No price schedule for ${item.salesItemNumber}`);
  return {
    id: priceScheduleId(item.salesItemNumber, currency),
    ownerId: null,
    name: schedule.name,
    applyTax: false,
    applyShipping: false,
    minQuantity: schedule.minQuantity,
    maxQuantity: schedule.maxQuantity,
    useCumulativeQuantity: false,
    restrictedQuantity: false,
    currency,
    saleStart: null,
    saleEnd: null,
    priceBreaks: schedule.priceBreaks.map((priceBreak) => ({
      Quantity: priceBreak.quantity,
      Price: priceBreak.price,
      SalePrice: null,
      SubscriptionPrice: null,
      BundlePrice: null,
    })),
    xp: { SalesItemNumber: item.salesItemNumber, PriceList: 'Gross' },
  };
}
