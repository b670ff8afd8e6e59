import { CATALOG_ID } from '@actuate/catalog-data';
import type { BuyerCompanyXp } from '@actuate/contracts';
import type { Transaction } from '@actuate/service-kit';
import type { PlatformContext } from '../../shared/context.ts';
import { insertApiClientAssignment } from '../auth/api-client-repository.ts';
import { ANONYMOUS_BUYER_ID, ANONYMOUS_CLIENT_ID, ANONYMOUS_USER_ID } from '../auth/bootstrap.ts';
import { insertProfileAssignment, upsertProfileRow } from '../auth/profile-repository.ts';
import type { BuyersService } from '../buyers/service.ts';
import type { CatalogService } from '../catalog/service.ts';
import type { UsersService } from '../users/service.ts';

/** Browsing only: the anonymous grant cuts every token of the anonymous user to Shopper anyway. */
export const ANONYMOUS_PROFILE_ID = 'actuate-anonymous-shopper';
/** The anonymous company sees list prices in this currency (the default price schedules'). */
const ANONYMOUS_CURRENCY = 'EUR';

/**
 * The spec's anonymous user: a company of its own (so its token reaches no real company's data) that
 * sees the demo catalogue, with one user (`xp.Kind: 'Anonymous'`) that the storefront's anonymous API
 * client acts as. It has no password: nobody signs in as it.
 */
export async function seedAnonymousBuyer(
  context: PlatformContext,
  services: { buyers: BuyersService; users: UsersService; catalog: CatalogService },
  tx: Transaction,
): Promise<void> {
  await services.buyers.create(context, {
    ID: ANONYMOUS_BUYER_ID,
    Name: 'Anonymous visitors',
    DefaultCatalogID: CATALOG_ID,
    Active: true,
    // Not a customer: no CRM/ERP ids, which the contract type requires.
    xp: { Currency: ANONYMOUS_CURRENCY, CreditHold: false } as unknown as BuyerCompanyXp,
  });
  await services.catalog.assignments.catalog.save(context, {
    CatalogID: CATALOG_ID,
    BuyerID: ANONYMOUS_BUYER_ID,
    ViewAllCategories: true,
    ViewAllProducts: true,
  });
  await services.users.create(context, ANONYMOUS_BUYER_ID, {
    ID: ANONYMOUS_USER_ID,
    Username: ANONYMOUS_USER_ID,
    FirstName: 'Anonymous',
    LastName: 'Visitor',
    Email: 'anonymous@actuate.invalid',
    Active: true,
    Locale: { Currency: ANONYMOUS_CURRENCY, Language: 'en' },
    xp: { Kind: 'Anonymous' },
  });
  await upsertProfileRow(tx, {
    id: ANONYMOUS_PROFILE_ID,
    name: 'Anonymous visitor (browse the catalogue)',
    roles: ['Shopper'],
    customRoles: [],
  });
  await insertProfileAssignment(tx, ANONYMOUS_PROFILE_ID, {
    buyerId: ANONYMOUS_BUYER_ID,
    userGroupId: null,
    userId: ANONYMOUS_USER_ID,
  });
  await insertApiClientAssignment(tx, { apiClientId: ANONYMOUS_CLIENT_ID, buyerId: ANONYMOUS_BUYER_ID });
}
