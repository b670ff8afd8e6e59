import { z } from 'zod';

const Id = z.string().regex(/^[A-Za-z0-9_-]+$/, 'IDs contain letters, digits, hyphens and underscores only');
const Xp = z.record(z.string(), z.unknown());

export const Catalog = z.object({
  ID: Id.optional(),
  Name: z.string().min(1),
  Description: z.string().nullish(),
  Active: z.boolean().default(true),
  xp: Xp.optional(),
});
export type Catalog = z.infer<typeof Catalog>;

export const Category = z.object({
  ID: Id.optional(),
  Name: z.string().min(1),
  Description: z.string().nullish(),
  Active: z.boolean().default(true),
  ParentID: z.string().nullish(),
  ListOrder: z.int().default(0),
  xp: Xp.optional(),
});
export type Category = z.infer<typeof Category>;

export const ProductFacet = z.object({
  ID: Id.optional(),
  Name: z.string().min(1),
  XpPath: z.string().regex(/^[A-Za-z0-9_]+(\.[A-Za-z0-9_]+)*$/, 'XpPath is a dotted path inside xp'),
  ListOrder: z.int().default(0),
  MinCount: z.int().min(0).default(1),
  xp: Xp.optional(),
});
export type ProductFacet = z.infer<typeof ProductFacet>;

export const CatalogAssignment = z.object({
  CatalogID: z.string().min(1),
  BuyerID: z.string().min(1),
  ViewAllCategories: z.boolean().default(true),
  ViewAllProducts: z.boolean().default(true),
});
export type CatalogAssignment = z.infer<typeof CatalogAssignment>;

/** Null settings inherit from the parent category, then from the catalog assignment. */
export const CategoryAssignment = z.object({
  CategoryID: z.string().min(1),
  BuyerID: z.string().min(1),
  UserGroupID: z.string().nullish(),
  Visible: z.boolean().nullish(),
  ViewAllProducts: z.boolean().nullish(),
});
export type CategoryAssignment = z.infer<typeof CategoryAssignment>;

export const ProductCatalogAssignment = z.object({
  CatalogID: z.string().min(1),
  ProductID: z.string().min(1),
});
export type ProductCatalogAssignment = z.infer<typeof ProductCatalogAssignment>;

export const CategoryProductAssignment = z.object({
  CategoryID: z.string().min(1),
  ProductID: z.string().min(1),
  ListOrder: z.int().nullish(),
});
export type CategoryProductAssignment = z.infer<typeof CategoryProductAssignment>;

export const ProductAssignment = z.object({
  ProductID: z.string().min(1),
  BuyerID: z.string().min(1),
  UserGroupID: z.string().nullish(),
  PriceScheduleID: z.string().nullish(),
  SellerID: z.string().nullish(),
});
export type ProductAssignment = z.infer<typeof ProductAssignment>;

export const SpecProductAssignment = z.object({
  SpecID: z.string().min(1),
  ProductID: z.string().min(1),
  DefaultValue: z.string().nullish(),
  DefaultOptionID: z.string().nullish(),
});
export type SpecProductAssignment = z.infer<typeof SpecProductAssignment>;
