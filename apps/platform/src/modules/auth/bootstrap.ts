import type { UsersService } from '../users/service.ts';
import { BUYER_BASE_ROLES } from './roles.ts';
import type { AuthService } from './service.ts';

export const STOREFRONT_CLIENT_ID = 'actuate-storefront';
/** The storefront's client for visitors who have not signed in (OrderCloud's IsAnonBuyer). */
export const ANONYMOUS_CLIENT_ID = 'actuate-storefront-anonymous';
/** The anonymous template user (and its company) the demo seed creates; the anonymous client acts as it. */
export const ANONYMOUS_USER_ID = 'actuate-anonymous';
export const ANONYMOUS_BUYER_ID = 'actuate-anonymous';
export const MIDDLEWARE_CLIENT_ID = 'actuate-middleware';
export const MIDDLEWARE_USER_ID = 'actuate-middleware';
export const FULL_ACCESS_PROFILE_ID = 'actuate-full-access';
export const BUYER_BASE_PROFILE_ID = 'actuate-buyer-base';
export const ORDER_APPROVER_PROFILE_ID = 'actuate-order-approver';

/**
 * What every platform needs before anyone can log in, ensured at each start (idempotent): the
 * storefront's public clients (sign-in, and anonymous browsing as ANONYMOUS_USER_ID, who exists once the
 * demo seed or an operator created it), the middleware's confidential client with its admin context user
 * (FullAccess), and the standard buyer profiles that buyers are assigned.
 */
export async function ensurePlatformBasics(
  auth: AuthService,
  users: UsersService,
  settings: { middlewareClientSecret: string },
): Promise<void> {
  await users.ensureAdminUser(MIDDLEWARE_USER_ID, MIDDLEWARE_USER_ID);
  await auth.profiles.ensure(
    {
      ID: FULL_ACCESS_PROFILE_ID,
      Name: 'Full access (marketplace integrations)',
      Roles: ['FullAccess'],
      CustomRoles: [],
    },
    { buyerId: null, userGroupId: null, userId: MIDDLEWARE_USER_ID },
  );
  await auth.profiles.ensure({
    ID: BUYER_BASE_PROFILE_ID,
    Name: 'Buyer base',
    Roles: BUYER_BASE_ROLES,
    CustomRoles: [],
  });
  await auth.profiles.ensure({
    ID: ORDER_APPROVER_PROFILE_ID,
    Name: 'Order approver',
    Roles: ['Shopper'],
    CustomRoles: ['OrderApprover'],
  });
  await auth.apiClients.ensure({
    ID: STOREFRONT_CLIENT_ID,
    AppName: 'Actuate storefront',
    Active: true,
    AllowAnyBuyer: true,
    AllowSeller: false,
    IsAnonBuyer: false,
    AccessTokenDuration: 600,
    RefreshTokenDuration: 43_200,
  });
  // Serves only the buyer it is assigned (the anonymous one); its tokens are short-lived and never refreshed.
  await auth.apiClients.ensure({
    ID: ANONYMOUS_CLIENT_ID,
    AppName: 'Actuate storefront (anonymous visitors)',
    Active: true,
    IsAnonBuyer: true,
    AllowAnyBuyer: false,
    AllowSeller: false,
    DefaultContextUserName: ANONYMOUS_USER_ID,
    AccessTokenDuration: 60,
    RefreshTokenDuration: 0,
  });
  await auth.apiClients.ensure({
    ID: MIDDLEWARE_CLIENT_ID,
    AppName: 'Actuate middleware',
    ClientSecret: settings.middlewareClientSecret,
    Active: true,
    AllowAnyBuyer: false,
    AllowSeller: true,
    IsAnonBuyer: false,
    DefaultContextUserName: MIDDLEWARE_USER_ID,
    AccessTokenDuration: 600,
    RefreshTokenDuration: 0,
  });
}
