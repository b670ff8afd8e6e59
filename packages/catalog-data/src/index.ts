/**
 * @actuate/catalog-data: a deterministic generator of the Actuate demo world (catalogue, buyers,
 * users, addresses, prices, ERP/CRM data). Every app seeds its database from generateDemoWorld();
 * tests and benchmarks use it too. Plain domain data: camelCase, money in integer minor units
 * (DKK base), dates derived from the asOf option.
 */

export {
  ADDRESS_MISSING_IN_ERP_ID,
  type Address,
  type ApprovalRule,
  BUYER_ADMIN_ROLES,
  CATALOG_ID,
  type Company,
  type CrmContact,
  CURRENT_PRIVACY_VERSION,
  CURRENT_TERMS_VERSION,
  DEMO_LOGINS,
  DEMO_PASSWORD,
  MISSING_ERP_CONTACT_USERNAME,
  MISSING_ERP_CUSTOMER_ID,
  ORDER_APPROVERS_GROUP,
  PENDING_USER_ROLES,
  SHOPPER_ROLES,
  type SpendingAccount,
  STOREFRONT_CLIENT_ID,
  type TaxGroupId,
  type User,
  type UserGroup,
} from './customers.ts';
export {
  BUS_FEEDBACKS,
  CABLE_PLUG_TYPES,
  CONFIGURATION_FACET_KEYS,
  CONTROLLER_PLATFORMS,
  type ConfigurationFacetKey,
  FACET_KEYS,
  FACETS,
  type FacetDefinition,
  type FacetKey,
  type FacetValue,
  FEEDBACKS,
  type Feedback,
  facetValueLabel,
  HALL_FEEDBACKS,
  INTEGRATED_CONTROLLER_TYPES,
  INTEGRATED_CONTROLLER_VOLTAGES,
  isNumericFacetKey,
  NUMERIC_FACET_KEYS,
  type NumericFacetKey,
  type NumericFacetValue,
  PROTECTION_CLASSES,
  type ProtectionClass,
  SALES_ITEM_FACET_KEYS,
  type SalesItemConfiguration,
  type SalesItemFacetKey,
} from './facets.ts';
export {
  FAMILY_IDS,
  type FamilyKind,
  type FamilyPhysics,
  PRODUCT_FAMILY_GROUPS,
  type ProductFamilyGroup,
} from './families.ts';
export { familyImageSvg } from './images.ts';
export {
  type FactoryItemLifecycle,
  type ItemLifecycleState,
  type ItemLifecycleStates,
  type ItemSalesState,
  type SalesCompanyItemLifecycle,
  SELLABLE_LIFECYCLE_STATES,
} from './lifecycle.ts';
export {
  SHIP_METHODS,
  type ShipMethod,
  shippingCost,
  TAX_GROUPS,
  type TaxGroup,
  VAT_RATES,
  type VatRate,
  vatRateBasisPointsFor,
  type WeightBand,
} from './logistics.ts';
export {
  type Currency,
  FACTORIES,
  type Factory,
  type FactoryId,
  type Locale,
  SALES_COMPANIES,
  SALES_COMPANY_IDS,
  type SalesCompany,
} from './organisation.ts';
export { COMPATIBILITY_RULES, type CompatibilityRule } from './physics.ts';
export {
  applyDiscount,
  BASIS_POINTS,
  breakFor,
  convertFromDkk,
  type DiscountGroup,
  dkkToEur,
  EXCHANGE_RATE_SCALE,
  type ExchangeRate,
  eurToDkk,
  exchangeRateAt,
  grossPriceFromConfiguration,
  type NetPriceAgreement,
  type OptionMarkups,
  type PriceValidity,
  type QuantityBreak,
  type QuantityBreakSchedule,
  unitPriceAtQuantity,
} from './prices.ts';
export { DEMO_PROMOTION_CODES, type DemoPromotion } from './promotions.ts';
export {
  type CommercialVariant,
  type Family,
  type FamilyFacet,
  MAX_SALES_ITEMS_PER_FAMILY,
  type ProductState,
  type SalesItem,
} from './sales-items.ts';
export type { ErpScenarios, LineItemErpIssue, LineItemIssueScenario } from './scenarios.ts';
export {
  DEFAULT_AS_OF,
  DEFAULT_IMAGE_BASE_URL,
  DEFAULT_SALES_ITEMS,
  DEFAULT_SEED,
  type DemoWorld,
  findFamily,
  findSalesItem,
  type GenerateDemoWorldOptions,
  generateDemoWorld,
  grossPriceOf,
  MAX_SALES_ITEMS,
  MIN_SALES_ITEMS,
  type PriceSchedule,
  priceScheduleFor,
  quantityBreaksFor,
} from './world.ts';
