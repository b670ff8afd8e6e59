import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { findTestCard } from '../../../cards/test-cards.ts';
import { acquirerOutcome, DECLINED, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import { authenticationFlow } from '../card/family.ts';
import type { ListQuery, MethodDecision, PaymentMethodEntry, PaymentMethodFamily } from '../types.ts';
import { openWalletToken } from './wallet-token.ts';

/** `googlepay` is today's type; `paywithgoogle` the older one merchants may still send. */
const GOOGLE_PAY_TYPES = new Set(['googlepay', 'paywithgoogle']);
const GOOGLE_PAY_BRANDS = ['visa', 'mc', 'amex', 'discover', 'jcb'];

/** Why a token is refused, in the gateway's words (422, nothing is stored). */
const TOKEN_ERRORS = {
  malformed: 'Invalid Google Pay token: it is not a token of this gateway.',
  tampered: 'Invalid Google Pay token: its signature does not match.',
  expired: 'Invalid Google Pay token: it has expired; ask the shopper to pay again.',
  'other-merchant': 'Invalid Google Pay token: it was issued for another merchant account.',
} as const;

/**
 * The browser wallet (Google-Pay-type): the page sends the wallet's sealed token
 * (`googlePayToken`, minted by the SDK simulator through the gateway). A PAN_ONLY card is a plain
 * card to the issuer and goes through 3-D Secure 2 like the card family's test card it stands for; a
 * CRYPTOGRAM_3DS token was authenticated on the device, so no 3-D Secure. Modifications as cards.
 */
export class GooglePayFamily implements PaymentMethodFamily {
  readonly name = 'googlepay';

  constructor(private readonly tokenKey: Buffer) {}

  handles(type: string) {
    return GOOGLE_PAY_TYPES.has(type);
  }

  listEntries(context: MerchantContext, _query: ListQuery): PaymentMethodEntry[] {
    const account = context.merchant.account;
    return [
      {
        type: 'googlepay',
        name: 'Google Pay',
        brands: GOOGLE_PAY_BRANDS,
        // merchantId: the wallet's id of the merchant; gatewayMerchantId: the account tokens are for.
        configuration: { merchantId: sandboxWalletMerchantId(account), gatewayMerchantId: account },
      },
    ];
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const method = request.paymentMethod as PaymentRequest['paymentMethod'] & { googlePayToken?: unknown };
    const token = method.googlePayToken;
    if (typeof token !== 'string' || token.length === 0 || token.length > 8192)
      throw gatewayError.unprocessable('000', 'googlePayToken is required for Google Pay.');
    const opened = openWalletToken(this.tokenKey, token, context.merchant.account, context.now);
    if (!opened.ok) throw gatewayError.unprocessable('000', TOKEN_ERRORS[opened.reason]);
    const { card } = opened;
    const enrolment =
      card.authMethod === 'CRYPTOGRAM_3DS' ? 'none' : (findTestCard(card.cardNumber)?.threeDs ?? 'none');
    return {
      paymentMethodType: method.type,
      brand: card.brand,
      lastFour: card.cardNumber.slice(-4),
      acquirer: card.declined ? DECLINED : acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: authenticationFlow(request, enrolment),
      methodDetails: { authMethod: card.authMethod, network: card.network },
    };
  }
}

/** The wallet's merchant id of an account in the sandbox (stable, readable). */
export const sandboxWalletMerchantId = (account: string) => `sandbox-${account}`;
