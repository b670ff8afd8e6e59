import { isDeepStrictEqual } from 'node:util';
import { HttpError } from '@actuate/service-kit';
import { DEFAULT_PRIVACY_VERSION, DEFAULT_TERMS_VERSION } from '../../config.ts';
import type { Caller, PlatformContext } from '../../shared/context.ts';
import { throwAll } from '../../shared/errors.ts';
import type { Xp } from '../../shared/xp.ts';
import { MIDDLEWARE_CLIENT_ID } from './bootstrap.ts';

/** Who maintains an extension field: the integration writes it from that system. */
export type FieldOwner = 'ERP' | 'CRM' | 'IdentityProvider' | 'TermsAcceptance';
export type OwnedObject = 'Buyer' | 'User' | 'Address' | 'Product';

/**
 * The xp fields the ERP, the CRM and the identity provider own, per object: the middleware and the
 * price service trust them (VAT, credit hold, prices, the ERP account), so only the integration's
 * own API client writes them. `TermsAcceptance` fields are also written by the user herself when she
 * accepts the current version. Every write path of buyers, users and addresses goes through
 * `FieldOwnership.xpToStore`.
 */
export const OWNED_XP_FIELDS: Readonly<Record<OwnedObject, Readonly<Record<string, FieldOwner>>>> = {
  Buyer: {
    CrmId: 'CRM',
    ErpId: 'ERP',
    SalesCompanyId: 'ERP',
    CreditHold: 'ERP',
    Currency: 'ERP',
    TaxGroup: 'ERP',
    InvoiceEmail: 'ERP',
    CountryCode2: 'CRM',
    CountryCode3: 'CRM',
    Locale: 'CRM',
    VatNumber: 'CRM',
    RegistrationStatus: 'CRM',
  },
  User: {
    Kind: 'CRM',
    CrmId: 'CRM',
    ErpId: 'ERP',
    SalesCompanyId: 'ERP',
    // A pending registration's company, as the CRM received it.
    CompanyName: 'CRM',
    VatNumber: 'CRM',
    Country: 'CRM',
    AzureObjectId: 'IdentityProvider',
    DirectoryObjectId: 'IdentityProvider',
    Provider: 'IdentityProvider',
    TermsVersionApproved: 'TermsAcceptance',
    PrivacyVersionApproved: 'TermsAcceptance',
  },
  Address: {
    ErpId: 'ERP',
    ValidFrom: 'ERP',
    ValidTo: 'ERP',
    CountryCode2: 'ERP',
    CountryCode3: 'ERP',
  },
  // A sales item's lifecycle, successor and lead time come from the ERP (`Inventory.QuantityAvailable`
  // too: see OWNED_INVENTORY_FIELDS). The shop refuses to order an item by them.
  Product: {
    ProductState: 'ERP',
    SalesCompanyProductStates: 'ERP',
    SuccessorSalesItemNumber: 'ERP',
    LeadTimeDays: 'ERP',
  },
};

/** The product inventory fields the ERP owns (the stock the shop shows and dates deliveries by). */
export const OWNED_INVENTORY_FIELDS: readonly string[] = ['QuantityAvailable'];

/** The policy versions a user accepts through the acceptance flow (the current ones). */
export interface PolicyVersions {
  TermsVersionApproved: number;
  PrivacyVersionApproved: number;
}

export const DEFAULT_POLICY_VERSIONS: PolicyVersions = {
  TermsVersionApproved: DEFAULT_TERMS_VERSION,
  PrivacyVersionApproved: DEFAULT_PRIVACY_VERSION,
};

/**
 * The integration: the middleware's client-credentials token (its admin context user through its own
 * client, never an impersonation), or the platform's own start-up work. Read from the verified token.
 */
export const isIntegrationCaller = (caller: Caller): boolean =>
  caller.system === true ||
  (caller.type === 'admin' &&
    caller.clientId === MIDDLEWARE_CLIENT_ID &&
    caller.impersonatorId === undefined);

/** What is being written: the object, its ID, and whether it is the caller's own user. */
export interface OwnedTarget {
  object: OwnedObject;
  id: string;
  /** The caller's own user record (`/me`, or their user through `/buyers/…/users/{own}`). */
  self?: boolean;
}

// OrderCloud publishes no code for this refusal: the code is our choice.
const ownedFieldError = (target: OwnedTarget, field: string, owner: FieldOwner, prefix = 'xp') =>
  new HttpError(
    403,
    'Forbidden.OwnedField',
    `${prefix}.${field} is maintained by the ${owner === 'TermsAcceptance' ? 'terms acceptance' : owner} and cannot be changed by this caller.`,
    { ObjectType: target.object, ObjectID: target.id, Field: `${prefix}.${field}`, Owner: owner },
  );

type Inventory = Record<string, unknown> | null | undefined;

/** null and absent both mean "no value". */
const sameValue = (a: unknown, b: unknown) => isDeepStrictEqual(a ?? null, b ?? null);

export class FieldOwnership {
  constructor(private readonly policyVersions: PolicyVersions = DEFAULT_POLICY_VERSIONS) {}

  /**
   * The xp to store when the caller writes `next` over `stored` (undefined: a new object). The
   * integration writes anything. Anyone else: an owned field sent with its stored value (a PUT of
   * what GET answered) or left out keeps its stored value, even under a PUT that replaces xp; a
   * changed one is refused, 403 `Forbidden.OwnedField` per field, and nothing is written. The user
   * herself (not an impersonator) may set a `TermsAcceptance` field to the current version.
   */
  xpToStore(
    context: PlatformContext,
    target: OwnedTarget,
    stored: Xp | null | undefined,
    next: Xp | null | undefined,
  ): Xp | undefined {
    const refused: HttpError[] = [];
    const result = this.ownedXp(context, target, stored, next, refused);
    throwAll(refused);
    return result;
  }

  /**
   * A product write (`next`: a POST/PUT body, or a PATCH) as this caller may make it: the ERP's xp
   * fields as `xpToStore`, and `Inventory.QuantityAvailable` likewise. A new product (`stored`
   * undefined) takes the initial values the catalogue manager sends; the integration keeps them
   * current from then on.
   */
  productToStore<T extends Record<string, unknown>>(
    context: PlatformContext,
    id: string,
    stored: Record<string, unknown> | undefined,
    next: T,
  ): T {
    if (stored === undefined || isIntegrationCaller(context.caller)) return next;
    const target: OwnedTarget = { object: 'Product', id };
    const refused: HttpError[] = [];
    const xp = this.ownedXp(
      context,
      target,
      stored.xp as Xp | null,
      next.xp as Xp | null | undefined,
      refused,
    );
    const inventory = this.ownedInventory(
      target,
      stored.Inventory as Inventory,
      next.Inventory as Inventory,
      refused,
    );
    throwAll(refused);
    const { xp: _xp, Inventory: _inventory, ...rest } = next;
    return {
      ...rest,
      ...(xp === undefined ? {} : { xp }),
      ...(inventory === undefined ? {} : { Inventory: inventory }),
    } as T;
  }

  private ownedInventory(target: OwnedTarget, stored: Inventory, next: Inventory, refused: HttpError[]) {
    // Left out (a PUT that drops Inventory, or a PATCH of other fields): the ERP's values stay.
    if (next === undefined || next === null) {
      const kept = OWNED_INVENTORY_FIELDS.filter((field) => stored?.[field] !== undefined);
      if (kept.length === 0) return next;
      return Object.fromEntries(kept.map((field) => [field, stored?.[field]]));
    }
    const result: Record<string, unknown> = { ...next };
    for (const field of OWNED_INVENTORY_FIELDS) {
      const sent = next[field];
      const current = stored?.[field];
      if (sent !== undefined && !sameValue(sent, current)) {
        refused.push(ownedFieldError(target, field, 'ERP', 'Inventory'));
      } else if (current === undefined) delete result[field];
      else result[field] = current;
    }
    return result;
  }

  private ownedXp(
    context: PlatformContext,
    target: OwnedTarget,
    stored: Xp | null | undefined,
    next: Xp | null | undefined,
    refused: HttpError[],
  ): Xp | undefined {
    if (isIntegrationCaller(context.caller)) return next ?? undefined;
    const result: Xp = { ...(next ?? {}) };
    for (const [field, owner] of Object.entries(OWNED_XP_FIELDS[target.object])) {
      const sent = next?.[field];
      const current = stored?.[field];
      if (sent !== undefined && !sameValue(sent, current)) {
        if (this.acceptsPolicy(context, target, field, owner, sent)) continue;
        refused.push(ownedFieldError(target, field, owner));
        continue;
      }
      if (current === undefined) delete result[field];
      else result[field] = current;
    }
    return Object.keys(result).length > 0 ? result : undefined;
  }

  /** `next` with the xp `xpToStore` allows (a body or a merged entity; its xp left out when empty). */
  withOwnedXp<T extends { xp?: unknown }>(
    context: PlatformContext,
    target: OwnedTarget,
    stored: Xp | null | undefined,
    next: T,
  ): T {
    const xp = this.xpToStore(context, target, stored, next.xp as Xp | null | undefined);
    const { xp: _sent, ...rest } = next;
    return (xp === undefined ? rest : { ...rest, xp }) as T;
  }

  /** The acceptance flow: the user herself records that she accepted the current version. */
  private acceptsPolicy(
    context: PlatformContext,
    target: OwnedTarget,
    field: string,
    owner: FieldOwner,
    sent: unknown,
  ): boolean {
    if (owner !== 'TermsAcceptance' || !target.self || context.caller.impersonatorId !== undefined)
      return false;
    return sent === this.policyVersions[field as keyof PolicyVersions];
  }
}
