import { asc, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CatalogAssignment,
  CategoryAssignment,
  CategoryProductAssignment,
  ProductAssignment,
  ProductCatalogAssignment,
  SpecProductAssignment,
} from '../models.ts';
import {
  catalogAssignments,
  categoryAssignments,
  categoryProductAssignments,
  productAssignments,
  productCatalogAssignments,
  specProductAssignments,
} from '../schema.ts';
import type { AssignmentKind } from './kind.ts';

const catalogRoles = { readRoles: ['CatalogAdmin', 'CatalogReader'], writeRoles: ['CatalogAdmin'] };
const categoryRoles = { readRoles: ['CategoryAdmin', 'CategoryReader'], writeRoles: ['CategoryAdmin'] };
const productRead = ['ProductAdmin', 'ProductReader'];

/** A catalog to a buyer company, with the view-all settings its categories and products inherit. */
const catalog: AssignmentKind = {
  objectType: 'CatalogAssignment',
  table: catalogAssignments,
  fields: {
    CatalogID: { column: catalogAssignments.catalogId, role: 'key' },
    BuyerID: { column: catalogAssignments.buyerId, role: 'key' },
    ViewAllCategories: { column: catalogAssignments.viewAllCategories, role: 'setting' },
    ViewAllProducts: { column: catalogAssignments.viewAllProducts, role: 'setting' },
  },
  orderBy: [asc(catalogAssignments.catalogId), asc(catalogAssignments.buyerId)],
  saveReferences: [
    ['CatalogID', 'catalog'],
    ['BuyerID', 'buyer'],
  ],
  notFoundId: ['CatalogID', 'BuyerID'],
  routes: {
    tag: 'catalogs',
    ...catalogRoles,
    path: '/v1/catalogs/assignments',
    body: CatalogAssignment,
    names: { catalogID: 'CatalogID', buyerID: 'BuyerID' },
    listFilters: ['catalogID', 'buyerID'],
    deletePath: '/v1/catalogs/:catalogID/assignments',
    deleteQuery: z.object({ buyerID: z.string() }),
  },
};

/** A product into a catalog (what the catalog's index holds). */
const productCatalog: AssignmentKind = {
  objectType: 'ProductCatalogAssignment',
  table: productCatalogAssignments,
  fields: {
    CatalogID: { column: productCatalogAssignments.catalogId, role: 'key' },
    ProductID: { column: productCatalogAssignments.productId, role: 'key' },
  },
  orderBy: [asc(productCatalogAssignments.catalogId), asc(productCatalogAssignments.productId)],
  saveReferences: [
    ['CatalogID', 'catalog'],
    ['ProductID', 'product'],
  ],
  notFoundId: ['CatalogID', 'ProductID'],
  routes: {
    tag: 'catalogs',
    ...catalogRoles,
    path: '/v1/catalogs/productassignments',
    body: ProductCatalogAssignment,
    names: { catalogID: 'CatalogID', productID: 'ProductID' },
    listFilters: ['catalogID', 'productID'],
    deletePath: '/v1/catalogs/:catalogID/productassignments/:productID',
  },
};

/** A product into a category of a catalog, at a position. */
const categoryProduct: AssignmentKind = {
  objectType: 'CategoryProductAssignment',
  table: categoryProductAssignments,
  fields: {
    CatalogID: { column: categoryProductAssignments.catalogId, role: 'scope' },
    CategoryID: { column: categoryProductAssignments.categoryId, role: 'key' },
    ProductID: { column: categoryProductAssignments.productId, role: 'key' },
    ListOrder: { column: categoryProductAssignments.listOrder, role: 'setting', whenAbsent: 0 },
  },
  orderBy: [asc(categoryProductAssignments.categoryId), asc(categoryProductAssignments.listOrder)],
  saveReferences: [
    ['CategoryID', 'category'],
    ['ProductID', 'product'],
  ],
  notFoundId: ['CategoryID', 'ProductID'],
  routes: {
    tag: 'catalogs',
    ...categoryRoles,
    path: '/v1/catalogs/:catalogID/categories/productassignments',
    body: CategoryProductAssignment,
    names: { catalogID: 'CatalogID', categoryID: 'CategoryID', productID: 'ProductID' },
    listFilters: ['categoryID', 'productID'],
    deletePath: '/v1/catalogs/:catalogID/categories/:categoryID/productassignments/:productID',
  },
};

/**
 * A category to a company or one of its user groups. Null settings inherit from the parent
 * category, then from the catalog assignment; users cannot be assigned categories.
 */
const category: AssignmentKind = {
  objectType: 'CategoryAssignment',
  table: categoryAssignments,
  fields: {
    CatalogID: { column: categoryAssignments.catalogId, role: 'scope' },
    CategoryID: { column: categoryAssignments.categoryId, role: 'key' },
    BuyerID: { column: categoryAssignments.buyerId, role: 'key' },
    UserGroupID: { column: categoryAssignments.userGroupId, role: 'party' },
    Visible: { column: categoryAssignments.visible, role: 'setting' },
    ViewAllProducts: { column: categoryAssignments.viewAllProducts, role: 'setting' },
  },
  orderBy: [
    asc(categoryAssignments.categoryId),
    asc(categoryAssignments.buyerId),
    sql`${categoryAssignments.userGroupId} nulls first`,
  ],
  saveReferences: [
    ['CatalogID', 'catalog'],
    ['CategoryID', 'category'],
    ['BuyerID', 'buyer'],
    ['UserGroupID', 'userGroup'],
  ],
  listReferences: [['CatalogID', 'catalog']],
  notFoundId: ['CategoryID', 'BuyerID', 'UserGroupID'],
  refusedOnDelete: { UserID: 'Categories are assigned to buyers and user groups, not users.' },
  routes: {
    tag: 'catalogs',
    ...categoryRoles,
    path: '/v1/catalogs/:catalogID/categories/assignments',
    body: CategoryAssignment,
    names: {
      catalogID: 'CatalogID',
      categoryID: 'CategoryID',
      buyerID: 'BuyerID',
      userGroupID: 'UserGroupID',
      userID: 'UserID',
    },
    listFilters: ['categoryID', 'buyerID', 'userGroupID'],
    levels: true,
    deletePath: '/v1/catalogs/:catalogID/categories/:categoryID/assignments',
    deleteQuery: z.object({
      buyerID: z.string().min(1),
      userGroupID: z.string().optional(),
      userID: z.string().optional(),
    }),
  },
};

/** A product to a company or one of its user groups, optionally with the price schedule they pay. */
const product: AssignmentKind = {
  objectType: 'ProductAssignment',
  table: productAssignments,
  fields: {
    ProductID: { column: productAssignments.productId, role: 'key' },
    BuyerID: { column: productAssignments.buyerId, role: 'key' },
    UserGroupID: { column: productAssignments.userGroupId, role: 'party' },
    PriceScheduleID: { column: productAssignments.priceScheduleId, role: 'setting' },
  },
  orderBy: [asc(productAssignments.productId), asc(productAssignments.buyerId)],
  saveReferences: [
    ['ProductID', 'product'],
    ['BuyerID', 'buyer'],
    ['UserGroupID', 'userGroup'],
    ['PriceScheduleID', 'priceSchedule'],
  ],
  notFoundId: ['ProductID', 'BuyerID'],
  routes: {
    tag: 'products',
    readRoles: [...productRead, 'ProductAssignmentAdmin'],
    writeRoles: ['ProductAssignmentAdmin', 'ProductAdmin'],
    path: '/v1/products/assignments',
    body: ProductAssignment,
    names: {
      productID: 'ProductID',
      buyerID: 'BuyerID',
      userGroupID: 'UserGroupID',
      priceScheduleID: 'PriceScheduleID',
    },
    listFilters: ['productID', 'buyerID', 'priceScheduleID'],
    deletePath: '/v1/products/:productID/assignments/:buyerID',
    deleteQuery: z.object({ userGroupID: z.string().optional() }),
  },
};

/** A spec to a product, with the product's default value or option. */
const specProduct: AssignmentKind = {
  objectType: 'SpecProductAssignment',
  table: specProductAssignments,
  fields: {
    SpecID: { column: specProductAssignments.specId, role: 'key' },
    ProductID: { column: specProductAssignments.productId, role: 'key' },
    DefaultValue: { column: specProductAssignments.defaultValue, role: 'setting' },
    DefaultOptionID: { column: specProductAssignments.defaultOptionId, role: 'setting' },
  },
  orderBy: [asc(specProductAssignments.specId), asc(specProductAssignments.productId)],
  saveReferences: [
    ['SpecID', 'spec'],
    ['ProductID', 'product'],
  ],
  notFoundId: ['SpecID', 'ProductID'],
  routes: {
    tag: 'specs',
    readRoles: productRead,
    writeRoles: ['ProductAdmin'],
    path: '/v1/specs/productassignments',
    body: SpecProductAssignment,
    names: { specID: 'SpecID', productID: 'ProductID' },
    listFilters: ['specID', 'productID'],
    deletePath: '/v1/specs/:specID/productassignments/:productID',
  },
};

/** Every assignment kind of the catalogue, in the order their routes are registered. */
export const assignmentKinds = { catalog, productCatalog, categoryProduct, category, product, specProduct };
export type AssignmentKindName = keyof typeof assignmentKinds;
