import type { MerchantContext } from '../../../../shared/context.ts';
import { acquirerOutcome, modificationTriggers, outcomeForCode } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { offeredFor, requestedMethod } from '../redirect/family.ts';
import type {
  ListQuery,
  MethodDecision,
  MethodModifications,
  PaymentMethodEntry,
  PaymentMethodFamily,
  ShopperStep,
} from '../types.ts';
import { DEFAULT_LIFETIME, QR_AWAIT_METHODS, type QrAwaitMethod } from './catalogue.ts';
import { checkField } from './fields.ts';

const BY_TYPE = new Map(QR_AWAIT_METHODS.map((method) => [method.type, method]));

/** The sandbox's Blik trigger: a code ending in 000 is one the bank does not know, refused at once. */
const REFUSED_BLIK_CODE = /000$/;

/**
 * QR-code and app-approval methods (Pix, Swish, WeChat Pay, PromptPay, PayNow, DuitNow, PayMe, UPI,
 * Blik, MB WAY, ANCV): the payment is Pending while the shopper approves it in their app — the
 * simulator page at the action's `url` — and lapses unpaid at its expiry; the widget polls its status.
 */
export class QrAwaitFamily implements PaymentMethodFamily {
  readonly name = 'qr-await';

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
    return withUpiUmbrella(entries);
  }

  modifications(type: string): MethodModifications {
    return BY_TYPE.get(type)!.modifications;
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = requestedMethod(BY_TYPE, request);
    const methodDetails = checkField(method, request);
    const decision = {
      paymentMethodType: method.type,
      acquirer: acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: 'none' as const,
      ...(Object.keys(methodDetails).length ? { methodDetails } : {}),
    };
    if (methodDetails.blikCode && REFUSED_BLIK_CODE.test(methodDetails.blikCode))
      return { ...decision, acquirer: outcomeForCode(2) };
    const lifetime = lifetimeSeconds(method, request.additionalData);
    return { ...decision, shopperStep: stepOf(method, methodDetails, lifetime, context.now) };
  }
}

/**
 * UPI's variants and, before them, the umbrella `upi` entry (with the intent's apps): a widget shows
 * one UPI method offering all three ways, and pays with the variant the shopper picks.
 */
function withUpiUmbrella(entries: PaymentMethodEntry[]): PaymentMethodEntry[] {
  const first = entries.findIndex((entry) => entry.type.startsWith('upi_'));
  if (first < 0) return entries;
  const apps = entries.find((entry) => entry.type === 'upi_intent')?.apps;
  const umbrella: PaymentMethodEntry = { type: 'upi', name: 'UPI', ...(apps ? { apps } : {}) };
  return [...entries.slice(0, first), umbrella, ...entries.slice(first)];
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
