import type { Product, Spec, SpecOption } from '@actuate/contracts';
import type { Catalog, Category, ProductFacet } from './models.ts';
import type { ProductFacetRow, ProductRow, SpecOptionRow, SpecRow } from './repository.ts';
import type { catalogs, categories } from './schema.ts';

type CatalogRow = typeof catalogs.$inferSelect;
type CategoryRow = typeof categories.$inferSelect;

/** Row ↔ OrderCloud entity conversions of the catalogue. */
export const toCatalog = (row: CatalogRow) => ({
  ID: row.id,
  Name: row.name,
  Description: row.description,
  Active: row.active,
  xp: row.xp,
});

export const catalogValues = (body: Catalog) => ({
  name: body.Name,
  description: body.Description ?? null,
  active: body.Active,
  xp: body.xp ?? {},
});

export const toCategory = (row: CategoryRow) => ({
  ID: row.id,
  Name: row.name,
  Description: row.description,
  Active: row.active,
  ParentID: row.parentId,
  ListOrder: row.listOrder,
  xp: row.xp,
});

export const categoryValues = (body: Category) => ({
  name: body.Name,
  description: body.Description ?? null,
  active: body.Active,
  parentId: body.ParentID ?? null,
  listOrder: body.ListOrder,
  xp: body.xp ?? {},
});

export const toProduct = (row: ProductRow) => ({
  ID: row.id,
  Name: row.name,
  Description: row.description,
  Active: row.active,
  DefaultPriceScheduleID: row.defaultPriceScheduleId,
  QuantityMultiplier: row.quantityMultiplier,
  ShipWeight: row.shipWeight,
  ShipHeight: row.shipHeight,
  ShipWidth: row.shipWidth,
  ShipLength: row.shipLength,
  Returnable: row.returnable,
  DefaultSupplierID: row.defaultSupplierId,
  Inventory: row.inventory,
  IsParent: false,
  IsBundle: false,
  VariantCount: 0,
  xp: row.xp,
});

export const productValues = (body: Product) => ({
  name: body.Name,
  description: body.Description ?? null,
  active: body.Active ?? true,
  defaultPriceScheduleId: body.DefaultPriceScheduleID ?? null,
  quantityMultiplier: body.QuantityMultiplier ?? 1,
  shipWeight: body.ShipWeight ?? null,
  shipHeight: body.ShipHeight ?? null,
  shipWidth: body.ShipWidth ?? null,
  shipLength: body.ShipLength ?? null,
  returnable: body.Returnable ?? false,
  defaultSupplierId: body.DefaultSupplierID ?? null,
  inventory: (body.Inventory ?? null) as Record<string, unknown> | null,
  xp: (body.xp ?? {}) as Record<string, unknown>,
});

export const toSpecOption = (row: SpecOptionRow) => ({
  ID: row.id,
  Value: row.value,
  ListOrder: row.listOrder,
  IsOpenText: row.isOpenText,
  PriceMarkupType: row.priceMarkupType as NonNullable<SpecOption['PriceMarkupType']>,
  PriceMarkup: row.priceMarkup === null ? null : Number(row.priceMarkup),
  xp: row.xp,
});

export const specOptionValues = (body: SpecOption) => ({
  value: body.Value,
  listOrder: body.ListOrder ?? 0,
  isOpenText: body.IsOpenText ?? false,
  priceMarkupType: body.PriceMarkupType ?? 'NoMarkup',
  priceMarkup: body.PriceMarkup === null || body.PriceMarkup === undefined ? null : String(body.PriceMarkup),
  xp: (body.xp ?? {}) as Record<string, unknown>,
});

export const toSpec = (row: SpecRow, options?: SpecOptionRow[]) => ({
  ID: row.id,
  ListOrder: row.listOrder,
  Name: row.name,
  DefaultValue: row.defaultValue,
  Required: row.required,
  AllowOpenText: row.allowOpenText,
  DefaultOptionID: row.defaultOptionId,
  DefinesVariant: row.definesVariant,
  ...(options ? { OptionCount: options.length, Options: options.map(toSpecOption) } : {}),
  xp: row.xp,
});

export const specValues = (body: Spec) => ({
  name: body.Name,
  listOrder: body.ListOrder ?? 0,
  defaultValue: body.DefaultValue ?? null,
  required: body.Required ?? false,
  allowOpenText: body.AllowOpenText ?? false,
  defaultOptionId: body.DefaultOptionID ?? null,
  definesVariant: body.DefinesVariant ?? false,
  xp: (body.xp ?? {}) as Record<string, unknown>,
});

export const toProductFacet = (row: ProductFacetRow) => ({
  ID: row.id,
  Name: row.name,
  XpPath: row.xpPath,
  ListOrder: row.listOrder,
  MinCount: row.minCount,
  xp: row.xp,
});

export const productFacetValues = (body: ProductFacet) => ({
  name: body.Name,
  xpPath: body.XpPath,
  listOrder: body.ListOrder,
  minCount: body.MinCount,
  xp: body.xp ?? {},
});
