/** OrderCloud Product, Inventory, Spec and SpecOption with our product extensions. */
import { z } from 'zod';
import { PriceMarkupType } from '../enums.ts';
import { Id, ImageUrl, IsoDateTime, NonEmptyString, PriceCurrency, SalesItemNumber } from '../validation.ts';
import { AnyXp, Count, Decimal, NonNegativeDecimal } from './common.ts';
import { ConfigurationFacets } from './facets.ts';

export const Inventory = z.object({
  Enabled: z.boolean().optional(),
  NotificationPoint: Count.nullish(),
  VariantLevelTracking: z.boolean().optional(),
  OrderCanExceed: z.boolean().optional(),
  QuantityAvailable: z.int().nullish(),
  /** Read-only. */
  LastUpdated: IsoDateTime.nullish(),
});
export type Inventory = z.infer<typeof Inventory>;

/** Price range of a commercial variant in one currency, over all its configurations. */
export const PriceRange = z
  .object({
    Currency: PriceCurrency,
    Min: NonNegativeDecimal,
    Max: NonNegativeDecimal,
  })
  .refine((range) => range.Min <= range.Max, { message: 'Min must not exceed Max', path: ['Max'] });
export type PriceRange = z.infer<typeof PriceRange>;

/** Extension of a commercial variant: a configurable product family member. */
export const CommercialVariantXp = z.looseObject({
  Kind: z.literal('CommercialVariant'),
  /** Internal names of the configurations that belong to this variant. */
  ConfigurationInternalNames: z.array(NonEmptyString),
  PriceRanges: z.array(PriceRange),
  ProductFamilyGroup: NonEmptyString,
  ImageUrl: ImageUrl,
});
export type CommercialVariantXp = z.infer<typeof CommercialVariantXp>;

/** Extension of a sales item: one orderable configuration with its own item number. */
export const SalesItemXp = z.looseObject({
  Kind: z.literal('SalesItem'),
  SalesItemNumber: SalesItemNumber,
  /**
   * Lifecycle state of the item (no fixed set of values; the shop orders only `Active`). Written by
   * the integration from the ERP: the state at the item's factory.
   */
  ProductState: NonEmptyString,
  /** The state at each sales company the ERP set the item up at (the integration writes it). */
  SalesCompanyProductStates: z.record(z.string(), NonEmptyString).optional(),
  /** The item that replaces this one when it is phased out or blocked (the integration writes it). */
  SuccessorSalesItemNumber: SalesItemNumber.nullish(),
  /** Days the factory needs to make the item when it is not in stock (the integration writes it). */
  LeadTimeDays: z.int().min(0).optional(),
  ProductFamilyGroup: NonEmptyString,
  ImageUrl: ImageUrl,
  /** IDs of the commercial variants this sales item belongs to. */
  CommercialVariants: z.array(Id),
  Facets: ConfigurationFacets,
});
export type SalesItemXp = z.infer<typeof SalesItemXp>;

/** A product is either a commercial variant or a sales item, told apart by `Kind`. */
export const ProductXp = z.discriminatedUnion('Kind', [CommercialVariantXp, SalesItemXp]);
export type ProductXp = z.infer<typeof ProductXp>;
export type ProductKind = ProductXp['Kind'];

export const Product = z.object({
  ID: Id.optional(),
  OwnerID: Id.nullish(),
  Name: NonEmptyString,
  Description: z.string().nullish(),
  Active: z.boolean().optional(),
  IsParent: z.boolean().optional(),
  IsBundle: z.boolean().optional(),
  ParentID: Id.nullish(),
  DefaultPriceScheduleID: Id.nullish(),
  AutoForward: z.boolean().optional(),
  QuantityMultiplier: z.int().min(1).nullish(),
  ShipWeight: NonNegativeDecimal.nullish(),
  ShipHeight: NonNegativeDecimal.nullish(),
  ShipWidth: NonNegativeDecimal.nullish(),
  ShipLength: NonNegativeDecimal.nullish(),
  /** Read-only. */
  SpecCount: Count.optional(),
  /** Read-only. */
  VariantCount: Count.optional(),
  ShipFromAddressID: Id.nullish(),
  Inventory: Inventory.nullish(),
  DefaultSupplierID: Id.nullish(),
  AllSuppliersCanSell: z.boolean().optional(),
  Returnable: z.boolean().optional(),
  /** Every product of our catalogue is one of the two kinds; only a write body may leave xp out. */
  xp: ProductXp.optional(),
});
export type Product = z.infer<typeof Product>;

/** One choice of a spec, with its price markup (formulas in docs/domain.md, Prices on a line). */
export const SpecOption = z.object({
  ID: Id.optional(),
  Value: NonEmptyString,
  ListOrder: z.int().optional(),
  IsOpenText: z.boolean().optional(),
  PriceMarkupType: PriceMarkupType.optional(),
  PriceMarkup: Decimal.nullish(),
  xp: AnyXp.nullish(),
});
export type SpecOption = z.infer<typeof SpecOption>;

/** A configurable property of a product. */
export const Spec = z.object({
  ID: Id.optional(),
  ListOrder: z.int().optional(),
  Name: NonEmptyString,
  DefaultValue: z.string().nullish(),
  Required: z.boolean().optional(),
  AllowOpenText: z.boolean().optional(),
  DefaultOptionID: Id.nullish(),
  DefinesVariant: z.boolean().optional(),
  /** Read-only. */
  OptionCount: Count.optional(),
  /** Read-only. */
  Options: z.array(SpecOption).optional(),
  xp: AnyXp.nullish(),
});
export type Spec = z.infer<typeof Spec>;
