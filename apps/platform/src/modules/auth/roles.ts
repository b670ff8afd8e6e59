import { invalidRequest } from '../../shared/errors.ts';

/** OrderCloud's API roles (ApiRole in the SDK), the only values a security profile's Roles may hold. */
export const API_ROLES = [
  'ApiClientAdmin',
  'ApiClientReader',
  'AddressAdmin',
  'AddressReader',
  'AdminAddressAdmin',
  'AdminAddressReader',
  'AdminUserAdmin',
  'AdminUserGroupAdmin',
  'AdminUserGroupReader',
  'AdminUserReader',
  'ApprovalRuleAdmin',
  'ApprovalRuleReader',
  'BundleAdmin',
  'BundleAssignmentAdmin',
  'BundleReader',
  'BuyerAdmin',
  'BuyerImpersonation',
  'BuyerReader',
  'BuyerUserAdmin',
  'BuyerUserReader',
  'CatalogAdmin',
  'CatalogReader',
  'CategoryAdmin',
  'CategoryReader',
  'CostCenterAdmin',
  'CostCenterReader',
  'CreditCardAdmin',
  'CreditCardReader',
  'EntitySyncConfigAdmin',
  'FullAccess',
  'IncrementorAdmin',
  'IncrementorReader',
  'LocaleReader',
  'LocaleAdmin',
  'MeAddressAdmin',
  'MeAdmin',
  'MeCreditCardAdmin',
  'MessageConfigAssignmentAdmin',
  'MeSubscriptionAdmin',
  'MeXpAdmin',
  'OrderAdmin',
  'OrderReader',
  'OverrideShipping',
  'OverrideTax',
  'OverrideUnitPrice',
  'PasswordReset',
  'PriceScheduleAdmin',
  'PriceScheduleReader',
  'ProductAdmin',
  'ProductAssignmentAdmin',
  'ProductCollectionReader',
  'ProductFacetAdmin',
  'ProductFacetReader',
  'ProductReader',
  'ProductSyncConfigAdmin',
  'PromotionAdmin',
  'PromotionReader',
  'SecurityProfileAdmin',
  'SecurityProfileReader',
  'SetSecurityProfile',
  'ShipmentAdmin',
  'ShipmentReader',
  'Shopper',
  'SpendingAccountAdmin',
  'SpendingAccountReader',
  'SubscriptionAdmin',
  'SubscriptionReader',
  'SupplierAddressAdmin',
  'SupplierAddressReader',
  'SupplierAdmin',
  'SupplierReader',
  'SupplierUserAdmin',
  'SupplierUserGroupAdmin',
  'SupplierUserGroupReader',
  'SupplierUserReader',
  'UnsubmittedOrderReader',
  'UserGroupAdmin',
  'UserGroupReader',
  'OpenIDConnectReader',
  'OpenIDConnectAdmin',
  'MessageSenderReader',
  'MessageSenderAdmin',
  'XpIndexAdmin',
  'WebhookReader',
  'WebhookAdmin',
  'IntegrationEventReader',
  'IntegrationEventAdmin',
  'TrackingEventReader',
  'TrackingEventAdmin',
  'DeliveryConfigAdmin',
  'OrderSyncConfigAdmin',
  'ErrorConfigAdmin',
] as const;

export type ApiRole = (typeof API_ROLES)[number];

export const isApiRole = (role: string): role is ApiRole => (API_ROLES as readonly string[]).includes(role);

/** What a demo buyer gets: Headstart's HSBaseBuyer profile plus own subscriptions. */
export const BUYER_BASE_ROLES: ApiRole[] = [
  'MeAddressAdmin',
  'MeAdmin',
  'MeCreditCardAdmin',
  'MeXpAdmin',
  'MeSubscriptionAdmin',
  'ProductFacetReader',
  'Shopper',
  'SupplierAddressReader',
  'SupplierReader',
];

/** The roles, when each is one of OrderCloud's API roles (400 otherwise). */
export function assertApiRoles(roles: string[]): string[] {
  const unknown = roles.filter((role) => !isApiRole(role));
  if (unknown.length > 0) {
    throw invalidRequest(`Unknown role(s): ${unknown.join(', ')}. Custom roles go in CustomRoles.`, {
      Roles: unknown,
      KnownRoles: API_ROLES.length,
    });
  }
  return roles;
}

/** The roles of `scope` that `granted` covers; FullAccess covers every API role. */
export function narrowToScope(granted: ReadonlySet<string>, scope: readonly string[]): string[] {
  const fullAccess = granted.has('FullAccess');
  return scope.filter((role) => granted.has(role) || (fullAccess && isApiRole(role)));
}
