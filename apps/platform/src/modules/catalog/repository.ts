import { type Executor, queryRows } from '@actuate/service-kit';
import { and, asc, eq, inArray, isNull, or, type SQL, sql } from 'drizzle-orm';
import { bulkInsert } from '../../shared/bulk-insert.ts';
import type { ListDefinition } from '../../shared/list/list-query.ts';
import type { CatalogDefaults, CategoryNode, CategorySetting } from './category-visibility.ts';
import {
  catalogAssignments,
  catalogs,
  categories,
  categoryAssignments,
  categoryProductAssignments,
  productAssignments,
  productCatalogAssignments,
  productFacets,
  products,
  specOptions,
  specProductAssignments,
  specs,
} from './schema.ts';

export type ProductRow = typeof products.$inferSelect;
export type SpecRow = typeof specs.$inferSelect;
export type SpecOptionRow = typeof specOptions.$inferSelect;
export type ProductFacetRow = typeof productFacets.$inferSelect;
export type ProductAssignmentRow = typeof productAssignments.$inferSelect;

export const catalogList: ListDefinition = {
  fields: {
    ID: { column: catalogs.id, type: 'text' },
    Name: { column: catalogs.name, type: 'text' },
    Description: { column: catalogs.description, type: 'text' },
    Active: { column: catalogs.active, type: 'boolean' },
  },
  xp: catalogs.xp,
  searchOn: ['ID', 'Name', 'Description'],
  defaultSort: ['Name'],
};

export const categoryList: ListDefinition = {
  fields: {
    ID: { column: categories.id, type: 'text' },
    Name: { column: categories.name, type: 'text' },
    Description: { column: categories.description, type: 'text' },
    Active: { column: categories.active, type: 'boolean' },
    ParentID: { column: categories.parentId, type: 'text' },
    ListOrder: { column: categories.listOrder, type: 'number' },
  },
  xp: categories.xp,
  searchOn: ['ID', 'Name', 'Description'],
  defaultSort: ['ListOrder', 'Name'],
};

export const productList: ListDefinition = {
  fields: {
    ID: { column: products.id, type: 'text' },
    Name: { column: products.name, type: 'text' },
    Description: { column: products.description, type: 'text' },
    Active: { column: products.active, type: 'boolean' },
    DefaultPriceScheduleID: { column: products.defaultPriceScheduleId, type: 'text' },
    DefaultSupplierID: { column: products.defaultSupplierId, type: 'text' },
    QuantityMultiplier: { column: products.quantityMultiplier, type: 'number' },
  },
  xp: products.xp,
  searchOn: ['ID', 'Name', 'Description'],
  defaultSort: ['Name'],
};

export const specList: ListDefinition = {
  fields: {
    ID: { column: specs.id, type: 'text' },
    Name: { column: specs.name, type: 'text' },
    ListOrder: { column: specs.listOrder, type: 'number' },
    Required: { column: specs.required, type: 'boolean' },
  },
  xp: specs.xp,
  searchOn: ['ID', 'Name'],
  defaultSort: ['ListOrder', 'Name'],
};

export const specOptionList: ListDefinition = {
  fields: {
    ID: { column: specOptions.id, type: 'text' },
    Value: { column: specOptions.value, type: 'text' },
    ListOrder: { column: specOptions.listOrder, type: 'number' },
  },
  xp: specOptions.xp,
  searchOn: ['ID', 'Value'],
  defaultSort: ['ListOrder', 'Value'],
};

export const productFacetList: ListDefinition = {
  fields: {
    ID: { column: productFacets.id, type: 'text' },
    Name: { column: productFacets.name, type: 'text' },
    XpPath: { column: productFacets.xpPath, type: 'text' },
    ListOrder: { column: productFacets.listOrder, type: 'number' },
  },
  xp: productFacets.xp,
  searchOn: ['ID', 'Name', 'XpPath'],
  defaultSort: ['ListOrder', 'Name'],
};

// --- assignments -----------------------------------------------------------------------------------

/** The active catalogs assigned to a buyer, with the assignment's view-all settings. */
export async function catalogAssignmentsOfBuyer(
  db: Executor,
  buyerId: string,
): Promise<(CatalogDefaults & { catalogId: string })[]> {
  return db
    .select({
      catalogId: catalogAssignments.catalogId,
      viewAllCategories: catalogAssignments.viewAllCategories,
      viewAllProducts: catalogAssignments.viewAllProducts,
    })
    .from(catalogAssignments)
    .innerJoin(catalogs, eq(catalogs.id, catalogAssignments.catalogId))
    .where(and(eq(catalogAssignments.buyerId, buyerId), eq(catalogs.active, true)))
    .orderBy(asc(catalogAssignments.catalogId));
}

/** The category tree of a catalog (what visibility inherits along). */
export async function categoryNodes(db: Executor, catalogId: string): Promise<CategoryNode[]> {
  return db
    .select({ id: categories.id, parentId: categories.parentId, active: categories.active })
    .from(categories)
    .where(eq(categories.catalogId, catalogId));
}

/** Category assignments in a catalog that reach a buyer user: to the company, or to one of their groups. */
export async function categorySettingsOfParty(
  db: Executor,
  catalogId: string,
  buyerId: string,
  groupIds: string[],
): Promise<CategorySetting[]> {
  return db
    .select({
      categoryId: categoryAssignments.categoryId,
      userGroupId: categoryAssignments.userGroupId,
      visible: categoryAssignments.visible,
      viewAllProducts: categoryAssignments.viewAllProducts,
    })
    .from(categoryAssignments)
    .where(
      and(
        eq(categoryAssignments.catalogId, catalogId),
        eq(categoryAssignments.buyerId, buyerId),
        or(
          isNull(categoryAssignments.userGroupId),
          groupIds.length > 0 ? inArray(categoryAssignments.userGroupId, groupIds) : undefined,
        ),
      ),
    );
}

/** Creates or replaces the assignment of a category to a company or one of its groups. */
/** Product assignments that reach a buyer user: to the company, or to one of the user's groups. */
export async function assignmentsForParty(
  db: Executor,
  buyerId: string,
  groupIds: string[],
): Promise<ProductAssignmentRow[]> {
  return db
    .select()
    .from(productAssignments)
    .where(
      and(
        eq(productAssignments.buyerId, buyerId),
        or(
          isNull(productAssignments.userGroupId),
          groupIds.length > 0 ? inArray(productAssignments.userGroupId, groupIds) : undefined,
        ),
      ),
    );
}

/** The specs of a product with their options, ordered as OrderCloud lists them. */
export async function specsOfProduct(
  db: Executor,
  productId: string,
): Promise<{ spec: SpecRow; options: SpecOptionRow[] }[]> {
  const specRows = await db
    .select({ spec: specs })
    .from(specProductAssignments)
    .innerJoin(specs, eq(specs.id, specProductAssignments.specId))
    .where(eq(specProductAssignments.productId, productId))
    .orderBy(asc(specs.listOrder), asc(specs.name));
  const options = await optionsOfSpecs(
    db,
    specRows.map((row) => row.spec.id),
  );
  return specRows.map(({ spec }) => ({
    spec,
    options: options.filter((option) => option.specId === spec.id),
  }));
}

export async function optionsOfSpecs(db: Executor, specIds: string[]): Promise<SpecOptionRow[]> {
  if (specIds.length === 0) return [];
  return db
    .select()
    .from(specOptions)
    .where(inArray(specOptions.specId, specIds))
    .orderBy(asc(specOptions.listOrder), asc(specOptions.value));
}

/** Condition on `specs` rows: assigned to the product (the admin list of a product's specs). */
export const specsAssignedTo = (productId: string): SQL =>
  sql`exists (select 1 from ${specProductAssignments} where ${specProductAssignments.specId} = ${specs.id} and ${specProductAssignments.productId} = ${productId})`;

/** Condition on `categories` rows: one of these IDs (none: no row). */
export const categoriesAmong = (ids: string[]): SQL =>
  ids.length > 0 ? (inArray(categories.id, ids) as SQL) : sql`false`;

// --- the product index -----------------------------------------------------------------------------

export interface IndexedProductRow {
  id: string;
  name: string;
  description: string | null;
  default_price_schedule_id: string | null;
  values: (string | null)[];
}

/** What the in-memory index of one catalog needs: active products with the indexed xp paths as text. */
export async function productsForIndex(
  db: Executor,
  catalogId: string,
  paths: string[][],
): Promise<IndexedProductRow[]> {
  const valueList = paths.length
    ? sql.join(
        paths.map(
          (path) =>
            sql`p.xp #>> array[${sql.join(
              path.map((segment) => sql`${segment}`),
              sql`, `,
            )}]::text[]`,
        ),
        sql`, `,
      )
    : sql``;
  return queryRows<IndexedProductRow>(
    db,
    sql`select p.id, p.name, p.description, p.default_price_schedule_id, array[${valueList}]::text[] as values
        from ${products} p
        join ${productCatalogAssignments} pca on pca.product_id = p.id and pca.catalog_id = ${catalogId}
        where p.active
        order by p.name, p.id`,
  );
}

export async function categoryMembers(db: Executor, catalogId: string) {
  return db
    .select({
      categoryId: categoryProductAssignments.categoryId,
      productId: categoryProductAssignments.productId,
    })
    .from(categoryProductAssignments)
    .where(eq(categoryProductAssignments.catalogId, catalogId));
}

export async function productRowsByIds(db: Executor, ids: string[]): Promise<ProductRow[]> {
  if (ids.length === 0) return [];
  return db.select().from(products).where(inArray(products.id, ids));
}

export async function facetRows(db: Executor): Promise<ProductFacetRow[]> {
  return db.select().from(productFacets).orderBy(asc(productFacets.listOrder), asc(productFacets.name));
}

/** IDs of products matching a SQL condition (filters the in-memory index cannot answer). */
export async function productIdsWhere(db: Executor, condition: SQL): Promise<Set<string>> {
  const rows = await db.select({ id: products.id }).from(products).where(condition);
  return new Set(rows.map((row) => row.id));
}

// --- bulk loads (the demo seeder) ------------------------------------------------------------------

export type NewProductRow = typeof products.$inferInsert;

/** New products in bulk; the caller bumps the catalog generation once afterwards. */
export const insertProductRows = (db: Executor, rows: NewProductRow[]) => bulkInsert(db, products, rows);

export const insertProductCatalogAssignments = (
  db: Executor,
  rows: (typeof productCatalogAssignments.$inferInsert)[],
) => bulkInsert(db, productCatalogAssignments, rows);

export const insertCategoryProductAssignments = (
  db: Executor,
  rows: (typeof categoryProductAssignments.$inferInsert)[],
) => bulkInsert(db, categoryProductAssignments, rows);

/** New product assignments in bulk (none of the rows may exist yet). */
export const insertProductAssignments = (db: Executor, rows: (typeof productAssignments.$inferInsert)[]) =>
  bulkInsert(db, productAssignments, rows);

/**
 * The categories of some products in the buyer's catalog, for promotions' `product.incategory('X')`
 * (direct) and `inparentcategory('X')` (every ancestor): one query, whatever the number of products.
 * The catalog is the buyer's default when assigned, else its first assigned one (as `/me/products`).
 */
export async function categoriesOfProducts(
  db: Executor,
  buyerId: string,
  defaultCatalogId: string | null,
  productIds: string[],
): Promise<{ product_id: string; category_id: string; direct: boolean }[]> {
  if (productIds.length === 0) return [];
  const ids = sql.join(
    productIds.map((id) => sql`${id}`),
    sql`, `,
  );
  // depth < 32 stops a parent cycle (ParentID is not checked for cycles on write).
  return queryRows(
    db,
    sql`with recursive catalog as (
          select ca.catalog_id as id
          from ${catalogAssignments} ca join ${catalogs} c on c.id = ca.catalog_id and c.active
          where ca.buyer_id = ${buyerId}
          order by (ca.catalog_id = ${defaultCatalogId ?? ''}) desc, ca.catalog_id
          limit 1
        ),
        direct as (
          select cpa.catalog_id, cpa.product_id, cpa.category_id
          from ${categoryProductAssignments} cpa join catalog on cpa.catalog_id = catalog.id
          where cpa.product_id in (${ids})
        ),
        up(catalog_id, product_id, category_id, depth) as (
          select d.catalog_id, d.product_id, c.parent_id, 1
          from direct d join ${categories} c on c.catalog_id = d.catalog_id and c.id = d.category_id
          where c.parent_id is not null
          union
          select u.catalog_id, u.product_id, c.parent_id, u.depth + 1
          from up u join ${categories} c on c.catalog_id = u.catalog_id and c.id = u.category_id
          where c.parent_id is not null and u.depth < 32
        )
        select product_id, category_id, true as direct from direct
        union
        select product_id, category_id, false as direct from up`,
  );
}
