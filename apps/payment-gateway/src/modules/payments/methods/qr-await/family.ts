import type { MerchantContext } from '../../../../shared/context.ts';
import type { VaultService } from '../../../vault/service.ts';
import { acquirerOutcome, modificationTriggers, outcomeForCode } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { offeredFor, requestedMethod } from '../redirect/family.ts';
import { storedInstrumentOrRefuse } from '../stored.ts';
import type {
  ListQuery,
  MethodDecision,
  MethodModifications,
  PaymentMethodEntry,
  PaymentMethodFamily,
  ShopperStep,
  StoredPaymentMethodEntry,
} from '../types.ts';
import { DEFAULT_LIFETIME, QR_AWAIT_METHODS, type QrAwaitMethod, UPI_UMBRELLA } from './catalogue.ts';
import { checkField } from './fields.ts';

const BY_TYPE = new Map(QR_AWAIT_METHODS.map((method) => [method.type, method]));
const BLIK = BY_TYPE.get('blik')!;

/** The sandbox's Blik trigger: a code ending in 000 is one the bank does not know, refused at once. */
const REFUSED_BLIK_CODE = /000$/;

/**
 * QR-code and app-approval methods (Pix, Swish, WeChat Pay, PromptPay, PayNow, DuitNow, PayMe, UPI,
 * Blik, MB WAY, ANCV): the payment is Pending while the shopper approves it in their app — the
 * simulator page at the action's `url` — and lapses unpaid at its expiry; the widget polls its status.
 */
export class QrAwaitFamily implements PaymentMethodFamily {
  readonly name = 'qr-await';

  constructor(private readonly vault: VaultService) {}

  handles(type: string) {
    return BY_TYPE.has(type);
  }

  listEntries(_context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    const entries: PaymentMethodEntry[] = QR_AWAIT_METHODS.filter((method) => offeredFor(method, query)).map(
      (method) => ({
        type: method.type,
        name: method.name,
        ...(method.apps ? { apps: method.apps.map((app) => ({ ...app })) } : {}),
      }),
    );
    // The widget's one UPI choice (its QR, collect and app modes) comes first; its variants follow,
    // for integrations that offer them one by one.
    const firstUpi = entries.findIndex((entry) => UPI_UMBRELLA.variants.includes(entry.type));
    if (firstUpi >= 0) entries.splice(firstUpi, 0, upiUmbrellaEntry());
    return entries;
  }

  /** The shopper's Blik aliases: a later Blik payment needs no code, only the approval in the app. */
  async listStored(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]> {
    const aliases = await this.vault.listBlikAliases(context.merchant.account, shopperReference);
    return aliases.map((alias) => ({
      id: alias.id,
      type: 'blik',
      name: BLIK.name,
      label: `${BLIK.name} (saved)`,
      supportedShopperInteractions: ['Ecommerce'],
      supportedRecurringProcessingModels: ['CardOnFile'],
    }));
  }

  modifications(type: string): MethodModifications {
    return BY_TYPE.get(type)!.modifications;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = requestedMethod(BY_TYPE, request);
    const storedAlias = method === BLIK ? await this.storedBlikAlias(context, request) : undefined;
    const methodDetails = storedAlias ? {} : checkField(method, request);
    const storesAlias =
      method === BLIK && !storedAlias && request.storePaymentMethod === true && !!request.shopperReference;
    const decision = {
      paymentMethodType: method.type,
      acquirer: acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: 'none' as const,
      ...(Object.keys(methodDetails).length ? { methodDetails } : {}),
      ...(storedAlias ? { storedPaymentMethodId: storedAlias } : {}),
      // Stored once the shopper approves, like a card once authorised.
      ...(storesAlias ? { storeDraft: this.vault.sealBlikAlias() } : {}),
    };
    if (methodDetails.blikCode && REFUSED_BLIK_CODE.test(methodDetails.blikCode))
      return { ...decision, acquirer: outcomeForCode(2) };
    const lifetime = lifetimeSeconds(method, request.additionalData);
    return { ...decision, shopperStep: stepOf(method, methodDetails, lifetime, context.now) };
  }

  /** The id of the stored Blik alias the request pays with, if any; an unknown one is refused (422 `800`). */
  private async storedBlikAlias(
    context: MerchantContext,
    request: PaymentRequest,
  ): Promise<string | undefined> {
    const storedId =
      request.paymentMethod.storedPaymentMethodId ?? request.paymentMethod.recurringDetailReference;
    if (!storedId) return undefined;
    const alias = await storedInstrumentOrRefuse(request, (shopperReference) =>
      this.vault.findBlikAlias(context.merchant.account, shopperReference, storedId),
    );
    return alias.id;
  }
}

/**
 * The widget's one UPI choice: the apps intent can open, as `configuration.appIds` (what the widget's
 * UPI component reads) and as `apps` with their names (as `upi_intent` lists them).
 */
function upiUmbrellaEntry(): PaymentMethodEntry {
  const apps = BY_TYPE.get('upi_intent')!.apps!;
  return {
    type: UPI_UMBRELLA.type,
    name: UPI_UMBRELLA.name,
    configuration: { appIds: apps.map((app) => app.id) },
    apps: apps.map((app) => ({ ...app })),
  };
}

/**
 * The method's lifetime, or a shorter one the request asks for with the sandbox trigger
 * `additionalData.RequestedTestExpirySeconds` (tests of the expiry need not wait minutes).
 */
function lifetimeSeconds(method: QrAwaitMethod, additionalData: Record<string, unknown> | undefined): number {
  const standard = method.lifetimeSeconds ?? DEFAULT_LIFETIME;
  const requested = Number(additionalData?.RequestedTestExpirySeconds);
  return Number.isInteger(requested) && requested > 0 && requested < standard ? requested : standard;
}

function stepOf(
  method: QrAwaitMethod,
  details: Record<string, string>,
  lifetime: number,
  now: Date,
): ShopperStep {
  // UPI intent opens the chosen app by its link: here the simulator page, back to the returnUrl.
  if (method.step === 'redirect')
    return { kind: 'redirect', page: 'bank', providerName: details.appName ?? method.name };
  return { kind: method.step, expiresAt: new Date(now.getTime() + lifetime * 1000).toISOString() };
}
