/**
 * Loads the platform's part of the demo world (`generateDemoWorld()` of `@actuate/catalog-data`,
 * the same world the price service, back office and payment gateway seed) inside seedOnce's
 * transaction. The few companies, users and addresses go through the owning modules' services
 * (bound to the transaction), so they get the same rules as API writes (argon2id passwords,
 * rule-expression checks); the thousands of products, price schedules and assignments go through
 * the owners' bulk repository functions, a few statements each.
 */
import {
  BUYER_ADMIN_ROLES,
  CATALOG_ID,
  type Company,
  DEMO_PASSWORD,
  type DemoWorld,
  type Family,
  type GenerateDemoWorldOptions,
  generateDemoWorld,
  PENDING_USER_ROLES,
  type User,
} from '@actuate/catalog-data';
import { type BuyerCompanyXp, fromMinorUnits } from '@actuate/contracts';
import type { Database, Seeder, Transaction } from '@actuate/service-kit';
import type { FastifyBaseLogger } from 'fastify';
import type { PlatformContext } from '../../shared/context.ts';
import { Generations } from '../../shared/generations.ts';
import { AddressesService } from '../addresses/service.ts';
import { ApprovalsService } from '../approvals/service.ts';
import { ANONYMOUS_BUYER_ID, BUYER_BASE_PROFILE_ID, ORDER_APPROVER_PROFILE_ID } from '../auth/bootstrap.ts';
import { insertProfileAssignment, upsertProfileRow } from '../auth/profile-repository.ts';
import { BuyersService } from '../buyers/service.ts';
import {
  insertCategoryProductAssignments,
  insertProductAssignments,
  insertProductCatalogAssignments,
  insertProductRows,
} from '../catalog/repository.ts';
import { CatalogService } from '../catalog/service.ts';
import { insertPriceScheduleRows } from '../prices/repository.ts';
import { PricesService } from '../prices/service.ts';
import { PromotionsService } from '../promotions/service.ts';
import { SpendingService } from '../spending/service.ts';
import { UsersService } from '../users/service.ts';
import { seedAnonymousBuyer } from './anonymous.ts';
import { buyerUserContext, systemContext } from './context.ts';
import {
  addressBody,
  buyerXp,
  categoryBodies,
  commercialVariantProduct,
  DEFAULT_SCHEDULE_CURRENCY,
  groupCategoryId,
  priceScheduleId,
  priceScheduleRow,
  productFacetBodies,
  salesItemProduct,
  userXp,
} from './entities.ts';

/** Profiles only the demo world needs (the base and approver profiles are ensured at every start). */
export const BUYER_ADMIN_PROFILE_ID = 'actuate-buyer-admin';
export const PENDING_BUYER_PROFILE_ID = 'actuate-pending-buyer';
/**
 * Each complete company's administrators are a user group holding the buyer-admin profile, so a buyer
 * admin makes or unmakes one by a group membership (the storefront's users page), like approvers.
 */
const BUYER_ADMINS_GROUP = 'buyer-admins';
const BUYER_ADMINS_GROUP_NAME: Record<string, string> = {
  da: 'Administratorer',
  de: 'Administratoren',
  en: 'Administrators',
};

export interface DemoSeedOptions {
  /** Number of sales items of the world (catalog-data's default 5,000). */
  salesItems?: number;
  imageBaseUrl?: string;
}

/** The seeder `app.ts` registers; the world is generated only when the database is still empty. */
export function demoWorldSeeder(log: FastifyBaseLogger, options: DemoSeedOptions = {}): Seeder {
  return {
    name: 'demo-world',
    seed: async (tx) => {
      const world = generateDemoWorld(worldOptions(options));
      return seedDemoWorld(tx, world, log);
    },
  };
}

function worldOptions(options: DemoSeedOptions): GenerateDemoWorldOptions {
  return {
    ...(options.salesItems === undefined ? {} : { salesItems: options.salesItems }),
    ...(options.imageBaseUrl === undefined ? {} : { imageBaseUrl: options.imageBaseUrl }),
  };
}

/** The owning modules' services on the seeding transaction. */
function servicesOn(tx: Transaction) {
  const db: Database = tx;
  const generations = new Generations(db);
  const buyers = new BuyersService(db, generations);
  const users = new UsersService(db, buyers, generations);
  const prices = new PricesService(db, generations);
  const catalog = new CatalogService(db, buyers, users, prices, generations);
  return {
    generations,
    buyers,
    users,
    addresses: new AddressesService(db, buyers, users),
    catalog,
    approvals: new ApprovalsService(db, buyers, users),
    spending: new SpendingService(db, buyers, users),
    promotions: new PromotionsService(db, buyers, users, catalog),
  };
}
type Services = ReturnType<typeof servicesOn>;

export async function seedDemoWorld(
  tx: Transaction,
  world: DemoWorld,
  log: FastifyBaseLogger,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  const context = systemContext(log);
  const services = servicesOn(tx);
  await seedProfiles(tx);
  await seedCatalogStructure(services, world);
  await seedCompanies(context, services, tx, world);
  await seedAnonymousBuyer(context, services, tx);
  await seedAddresses(context, services, world, log);
  await seedApprovalsAndBudgets(context, services, world);
  await seedPromotions(context, services, world);
  const catalogue = await seedProducts(tx, world);
  await services.catalog.catalogChanged(tx);
  // The schedules went in in bulk, past the prices service: instances must not keep older ones.
  await services.generations.bump(tx, 'price-schedules');
  const details = {
    salesItems: world.salesItems.length,
    ...catalogue,
    buyers: world.companies.length,
    promotions: world.promotions.length,
    users: world.users.length,
    addresses: world.addresses.length,
    milliseconds: Math.round(performance.now() - started),
  };
  log.info(details, 'demo world loaded into the platform');
  return details;
}

async function seedProfiles(tx: Transaction): Promise<void> {
  await upsertProfileRow(tx, {
    id: BUYER_ADMIN_PROFILE_ID,
    name: 'Buyer administrator',
    roles: [...BUYER_ADMIN_ROLES],
    customRoles: [],
  });
  await upsertProfileRow(tx, {
    id: PENDING_BUYER_PROFILE_ID,
    name: 'Pending registration (profile only, no shopping)',
    roles: [...PENDING_USER_ROLES],
    customRoles: [],
  });
}

async function seedCatalogStructure({ catalog }: Services, world: DemoWorld) {
  await catalog.catalogs.create({
    ID: CATALOG_ID,
    Name: 'Actuate catalogue',
    Description: 'Electric linear actuators, lifting columns, hatch drives and their accessories.',
    Active: true,
  });
  for (const category of categoryBodies(world)) await catalog.categories.create(category, CATALOG_ID);
  for (const facet of productFacetBodies()) await catalog.facets.create(facet);
}

const isAdmin = (user: User) => user.roles.includes('BuyerAdmin');

async function seedCompanies(
  context: PlatformContext,
  services: Services,
  tx: Transaction,
  world: DemoWorld,
) {
  const { buyers, users, catalog } = services;
  const companies = new Map(world.companies.map((company) => [company.id, company]));
  for (const company of world.companies) {
    await buyers.create(context, {
      ID: company.id,
      Name: company.name,
      DefaultCatalogID: company.defaultCatalogId,
      Active: company.active,
      // A pending company's extension lacks the CRM/ERP ids, which the contract type requires.
      xp: buyerXp(company) as BuyerCompanyXp,
    });
    await catalog.assignments.catalog.save(context, {
      CatalogID: company.defaultCatalogId,
      BuyerID: company.id,
      ViewAllCategories: true,
      ViewAllProducts: true,
    });
    // Every complete company's users shop with the base profile; a pending one gets nothing company-wide.
    if (company.registrationStatus === 'complete') {
      await insertProfileAssignment(tx, BUYER_BASE_PROFILE_ID, party(company.id));
      await users.groups.create(context, company.id, {
        ID: BUYER_ADMINS_GROUP,
        Name: BUYER_ADMINS_GROUP_NAME[company.locale.slice(0, 2)] ?? 'Administrators',
      });
      await insertProfileAssignment(
        tx,
        BUYER_ADMIN_PROFILE_ID,
        party(company.id, { group: BUYER_ADMINS_GROUP }),
      );
    }
  }
  for (const group of world.userGroups) {
    await users.groups.create(context, group.companyId, {
      ID: group.id,
      Name: group.name,
      Description: group.description,
    });
    // Whoever joins the approving group may approve (the rule's ApprovingGroupID decides which orders).
    await insertProfileAssignment(tx, ORDER_APPROVER_PROFILE_ID, party(group.companyId, { group: group.id }));
  }
  for (const user of world.users) {
    const company = companies.get(user.companyId) as Company;
    await users.create(context, user.companyId, {
      ID: user.id,
      Username: user.username,
      Password: DEMO_PASSWORD,
      FirstName: user.firstName,
      LastName: user.lastName,
      Email: user.email,
      Phone: user.phone,
      Active: user.active,
      Locale: { Currency: user.locale.currency, Language: user.locale.language },
      xp: userXp(user, company),
    });
    for (const groupId of user.groups) {
      await users.groups.saveAssignment(context, user.companyId, { UserGroupID: groupId, UserID: user.id });
    }
    if (user.status === 'pending') {
      await insertProfileAssignment(tx, PENDING_BUYER_PROFILE_ID, party(user.companyId, { user: user.id }));
    } else if (isAdmin(user)) {
      await users.groups.saveAssignment(context, user.companyId, {
        UserGroupID: BUYER_ADMINS_GROUP,
        UserID: user.id,
      });
    }
  }
}

const party = (buyerId: string, member: { group?: string; user?: string } = {}) => ({
  buyerId,
  userGroupId: member.group ?? null,
  userId: member.user ?? null,
});

async function seedAddresses(
  context: PlatformContext,
  { addresses }: Services,
  world: DemoWorld,
  log: FastifyBaseLogger,
) {
  const users = new Map(world.users.map((user) => [user.id, user]));
  for (const address of world.addresses) {
    if (address.ownerType === 'company') {
      await addresses.create(context, address.companyId, addressBody(address));
      await addresses.saveAssignment(context, address.companyId, {
        AddressID: address.id,
        IsShipping: address.shipping,
        IsBilling: address.billing,
      });
      continue;
    }
    const owner = users.get(address.userId ?? '') as User;
    await addresses.createMine(
      buyerUserContext(log, {
        id: owner.id,
        username: owner.username,
        companyId: owner.companyId,
        currency: owner.locale.currency,
      }),
      addressBody(address),
    );
  }
}

async function seedApprovalsAndBudgets(context: PlatformContext, services: Services, world: DemoWorld) {
  for (const rule of world.approvalRules) {
    await services.approvals.store.create(
      {
        ID: rule.id,
        Name: rule.name,
        Description: rule.description,
        ApprovingGroupID: rule.approvingGroupId,
        RuleExpression: rule.ruleExpression,
        xp: { ThresholdMinor: rule.thresholdMinor, Currency: rule.currency },
      },
      rule.companyId,
    );
  }
  for (const account of world.spendingAccounts) {
    await services.spending.prepare(context, account.companyId);
    await services.spending.store.create(
      {
        ID: account.id,
        Name: account.name,
        Balance: fromMinorUnits(account.balance, account.currency),
        AllowAsPaymentMethod: account.allowAsPaymentMethod,
        StartDate: account.startDate,
        EndDate: account.endDate,
      },
      account.companyId,
    );
    for (const assignment of account.assignments) {
      await services.spending.saveAssignment(context, account.companyId, {
        SpendingAccountID: account.id,
        UserID: assignment.userId,
        UserGroupID: assignment.userGroupId,
        AllowExceed: assignment.allowExceed,
      });
    }
  }
}

/** The demo promotion codes, open to every buyer (DEMO_PROMOTION_CODES of the demo world). */
async function seedPromotions(context: PlatformContext, { promotions }: Services, world: DemoWorld) {
  for (const promotion of world.promotions) {
    await promotions.create(context, {
      ID: promotion.id,
      Code: promotion.code,
      Name: promotion.name,
      Description: promotion.description,
      LineItemLevel: promotion.lineItemLevel,
      EligibleExpression: promotion.eligibleExpression,
      ValueExpression: promotion.valueExpression,
      CanCombine: promotion.canCombine,
      AllowAllBuyers: true,
      AutoApply: false,
      Active: true,
      UseIntegration: false,
      StartDate: promotion.startDate,
      ExpirationDate: promotion.expirationDate,
    });
  }
}

/** Products, price schedules and their assignments in bulk: the bulk of the seeding time. */
async function seedProducts(tx: Transaction, world: DemoWorld) {
  const families = new Map<string, Family>(world.families.map((family) => [family.id, family]));
  const familyOf = (id: string) => families.get(id) as Family;

  const schedules = world.salesItems.flatMap((item) => [
    priceScheduleRow(world, item, 'DKK'),
    priceScheduleRow(world, item, 'EUR'),
  ]);
  await insertPriceScheduleRows(tx, schedules);

  const items = world.salesItems.map((item) => salesItemProduct(item, familyOf(item.familyId)));
  const variants = world.families.flatMap((family) =>
    family.commercialVariants.map((variant) => commercialVariantProduct(world, variant, family)),
  );
  await insertProductRows(tx, [...items, ...variants]);

  const productIds = [...items, ...variants].map((product) => product.id);
  await insertProductCatalogAssignments(
    tx,
    productIds.map((productId) => ({ catalogId: CATALOG_ID, productId })),
  );
  const categoryRows = [
    ...world.salesItems.map((item, index) => ({ item: item.salesItemNumber, family: item.familyId, index })),
    ...variants.map((variant, index) => ({
      item: variant.id,
      family: (variant.xp as { FamilyID: string }).FamilyID,
      index,
    })),
  ].flatMap(({ item, family, index }) => [
    { catalogId: CATALOG_ID, categoryId: family, productId: item, listOrder: index },
    {
      catalogId: CATALOG_ID,
      categoryId: groupCategoryId(familyOf(family).productFamilyGroup),
      productId: item,
      listOrder: index,
    },
  ]);
  await insertCategoryProductAssignments(tx, categoryRows);

  // Buyers outside the default schedule's currency get their currency's schedule; every buyer, and the
  // anonymous one, sees the commercial variants (display products without a price).
  const assignments = world.companies.flatMap((company) => [
    ...(company.currency === DEFAULT_SCHEDULE_CURRENCY
      ? []
      : world.salesItems.map((item) => ({
          productId: item.salesItemNumber,
          buyerId: company.id,
          userGroupId: null,
          priceScheduleId: priceScheduleId(item.salesItemNumber, company.currency),
        }))),
    ...variants.map((variant) => ({
      productId: variant.id,
      buyerId: company.id,
      userGroupId: null,
      priceScheduleId: null,
    })),
  ]);
  for (const variant of variants) {
    assignments.push({
      productId: variant.id,
      buyerId: ANONYMOUS_BUYER_ID,
      userGroupId: null,
      priceScheduleId: null,
    });
  }
  await insertProductAssignments(tx, assignments);
  return {
    products: productIds.length,
    commercialVariants: variants.length,
    priceSchedules: schedules.length,
    productAssignments: assignments.length,
  };
}
