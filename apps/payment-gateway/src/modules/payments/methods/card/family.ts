import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { DEFAULT_CARD_BRANDS } from '../../../cards/brands.ts';
import { findTestCard, TEST_CARD_EXPIRY } from '../../../cards/test-cards.ts';
import { type GatewayKeys, jweOpener } from '../../../crypto/service.ts';
import { clickToPayConfiguration } from '../../../sdk-simulators/clicktopay/service.ts';
import type { VaultService } from '../../../vault/service.ts';
import { acquirerOutcome, DECLINED, EXPIRED_CARD, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { cardHashOf } from '../../velocity.ts';
import { storedInstrumentOrRefuse } from '../stored.ts';
import type {
  ListQuery,
  MethodDecision,
  PaymentMethodEntry,
  PaymentMethodFamily,
  StoredPaymentMethodEntry,
} from '../types.ts';
import { type CheckedCard, checkCard } from './card-details.ts';
import { decideClickToPay, isClickToPay } from './click-to-pay.ts';
import { decryptField } from './encrypted-fields.ts';

/** `paymentMethod.type` values of card payments: the generic `scheme` and brand-named types. */
const CARD_TYPES = new Set(['scheme', 'card', 'bcmc', 'networkToken']);

/**
 * Card payments: encrypted fields from the secured-field frames (or `test_` values), brand rules,
 * test-card behaviours including 3-D Secure 2, holder-name triggers and stored cards.
 */
export class CardFamily implements PaymentMethodFamily {
  readonly name = 'card';

  constructor(
    private readonly keys: GatewayKeys,
    private readonly vault: VaultService,
    /** Whether the card's entry offers Click to Pay (`CLICK_TO_PAY_ENABLED`). */
    private readonly clickToPay = false,
  ) {}

  handles(type: string) {
    return CARD_TYPES.has(type);
  }

  listEntries(context: MerchantContext, _query: ListQuery): PaymentMethodEntry[] {
    return [
      {
        type: 'scheme',
        name: 'Cards',
        brands: DEFAULT_CARD_BRANDS,
        // Click to Pay (both schemes) for every merchant account, where the gateway offers it.
        ...(this.clickToPay ? { configuration: clickToPayConfiguration(context.merchant.account) } : {}),
      },
      { type: 'bcmc', name: 'Bancontact card', brands: ['bcmc'] },
    ];
  }

  async listStored(context: MerchantContext, shopperReference: string): Promise<StoredPaymentMethodEntry[]> {
    const cards = await this.vault.list(context.merchant.account, shopperReference);
    return cards.map((card) => ({
      id: card.id,
      type: 'scheme',
      brand: card.brand,
      name: card.brand.toUpperCase(),
      lastFour: card.lastFour,
      expiryMonth: card.expiryMonth,
      expiryYear: card.expiryYear.slice(-2),
      ...(card.holderName ? { holderName: card.holderName } : {}),
      supportedShopperInteractions: ['Ecommerce', 'ContAuth'],
      supportedRecurringProcessingModels: ['CardOnFile', 'Subscription', 'UnscheduledCardOnFile'],
    }));
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod;
    if ('number' in method || 'cvc' in method) {
      throw gatewayError.unprocessable('000', 'Raw card data is not accepted; send the encrypted fields.');
    }
    if (isClickToPay(method)) return decideClickToPay(this.keys.tokenKey, context, request);
    const holderName = method.holderName;
    const triggers = modificationTriggers(holderName);
    const storedId = method.storedPaymentMethodId ?? method.recurringDetailReference;
    if (storedId) return this.decideStored(context, request, storedId, triggers);

    if (!method.encryptedCardNumber)
      throw gatewayError.unprocessable('101', 'Invalid card number: encryptedCardNumber is missing.');
    const open = jweOpener(this.keys);
    const [number, expiryMonth, expiryYear, securityCode] = await Promise.all([
      decryptField(open, 'encryptedCardNumber', method.encryptedCardNumber, context.now),
      method.encryptedExpiryMonth
        ? decryptField(open, 'encryptedExpiryMonth', method.encryptedExpiryMonth, context.now)
        : undefined,
      method.encryptedExpiryYear
        ? decryptField(open, 'encryptedExpiryYear', method.encryptedExpiryYear, context.now)
        : undefined,
      method.encryptedSecurityCode
        ? decryptField(open, 'encryptedSecurityCode', method.encryptedSecurityCode, context.now)
        : undefined,
    ]);
    const selectedBrand =
      method.brand ?? (method.type !== 'scheme' && method.type !== 'card' ? method.type : undefined);
    const card = checkCard({ number, expiryMonth, expiryYear, securityCode }, selectedBrand, context.now);
    const testCard = findTestCard(number.replace(/\s+/g, ''));
    const acquirer = card.expired
      ? EXPIRED_CARD
      : testCard && !matchesTestCardData(card, securityCode, testCard.securityCode)
        ? DECLINED
        : acquirerOutcome(holderName, request.additionalData);
    const wantsStore = request.storePaymentMethod === true && request.shopperReference !== undefined;
    return {
      paymentMethodType: 'scheme',
      brand: card.rule.brand,
      lastFour: card.lastFour,
      acquirer,
      triggers,
      threeDs: authenticationFlow(request, testCard?.threeDs ?? 'none'),
      cardHash: cardHashOf(this.keys.tokenKey, number),
      storeDraft: wantsStore
        ? this.vault.sealDraft({
            brand: card.rule.brand,
            lastFour: card.lastFour,
            expiryMonth: String(card.expiryMonth ?? '').padStart(2, '0'),
            expiryYear: String(card.expiryYear ?? ''),
            holderName,
          })
        : undefined,
    };
  }

  private async decideStored(
    context: MerchantContext,
    request: PaymentRequest,
    storedId: string,
    triggers: MethodDecision['triggers'],
  ): Promise<MethodDecision> {
    const stored = await storedInstrumentOrRefuse(request, (shopperReference) =>
      this.vault.find(context.merchant.account, shopperReference, storedId),
    );
    const expired =
      Number(stored.expiryYear) * 12 + Number(stored.expiryMonth) - 1 <
      context.now.getUTCFullYear() * 12 + context.now.getUTCMonth();
    return {
      paymentMethodType: 'scheme',
      brand: stored.brand,
      lastFour: stored.lastFour,
      acquirer: expired
        ? EXPIRED_CARD
        : acquirerOutcome(request.paymentMethod.holderName ?? stored.holderName, request.additionalData),
      triggers,
      // A merchant-initiated payment on a stored card is out of scope for 3DS; a shopper-present one was
      // authenticated when the card was stored.
      threeDs: 'none',
      storedPaymentMethodId: stored.id,
    };
  }
}

/** A test card authorises only with its documented expiry and security code (a wrong one gives DECLINED). */
function matchesTestCardData(card: CheckedCard, securityCode: string | undefined, expectedCode: string) {
  const expiryMatches =
    card.expiryMonth === undefined ||
    (card.expiryMonth === TEST_CARD_EXPIRY.month && card.expiryYear === TEST_CARD_EXPIRY.year);
  const codeMatches = !securityCode || securityCode === expectedCode;
  return expiryMatches && codeMatches;
}

/**
 * Whether 3-D Secure runs: the card's enrolment decides, unless the merchant asked never to attempt
 * authentication or the shopper is not present. Our choice: the native flow is always used (also
 * without `nativeThreeDS: 'preferred'`): the sandbox has no separate redirect-based 3DS pages.
 */
export function authenticationFlow(
  request: PaymentRequest,
  enrolment: MethodDecision['threeDs'],
): MethodDecision['threeDs'] {
  if (request.authenticationData?.attemptAuthentication === 'never') return 'none';
  if (request.shopperInteraction && request.shopperInteraction !== 'Ecommerce') return 'none';
  return enrolment;
}
