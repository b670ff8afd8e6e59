import type { Executor } from '@actuate/service-kit';
import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, DECLINED, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type { MethodDecision, PaymentMethodEntry, PaymentMethodFamily } from '../types.ts';
import { claimTokenUse } from './token-uses.ts';
import { merchantIdentifierOf, readPaymentToken } from './tokens.ts';

export const APPLE_PAY_TYPE = 'applepay';
const BRANDS = ['amex', 'mc', 'visa'];
const MAX_TOKEN_LENGTH = 16_384;

const REFUSALS = {
  malformed: 'Invalid applePayToken: it is not base64 of the wallet’s payment data.',
  forged: 'Invalid applePayToken: the payment data was not issued by this gateway.',
  expired: 'Invalid applePayToken: the payment data has expired; the shopper must authorise again.',
  'other-merchant': 'Invalid applePayToken: the payment data was issued for another merchant account.',
  used: 'Invalid applePayToken: the payment data was already used; the shopper must authorise again.',
} as const;

/**
 * The device wallet (Apple Pay type): the shopper authorised a card in the wallet's sheet, whose
 * payment data the gateway sealed (modules/sdk-simulators/applepay). The wallet authenticated the
 * shopper, so there is no 3-D Secure step; the card's issuer decides (a declined test card refuses).
 * A token pays once: its transaction id is recorded on first use and a replay is refused.
 */
export class ApplePayFamily implements PaymentMethodFamily {
  readonly name = 'applepay';

  constructor(
    private readonly tokenKey: Buffer,
    private readonly db: Executor,
  ) {}

  handles(type: string) {
    return type === APPLE_PAY_TYPE;
  }

  listEntries(context: MerchantContext): PaymentMethodEntry[] {
    return [
      {
        type: APPLE_PAY_TYPE,
        name: 'Apple Pay',
        brands: [...BRANDS],
        configuration: {
          merchantId: merchantIdentifierOf(context.merchant.account),
          merchantName: context.merchant.account,
        },
      },
    ];
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const token = request.paymentMethod.applePayToken;
    if (typeof token !== 'string' || token === '')
      throw gatewayError.unprocessable(
        '000',
        'Missing applePayToken: the wallet’s payment data is required.',
      );
    if (token.length > MAX_TOKEN_LENGTH) throw gatewayError.unprocessable('000', REFUSALS.malformed);
    const reading = readPaymentToken(this.tokenKey, token, context.merchant.account, context.now);
    if (!reading.ok) throw gatewayError.unprocessable('000', REFUSALS[reading.reason]);
    const firstUse = await claimTokenUse(this.db, {
      merchantAccount: context.merchant.account,
      transactionId: reading.transactionId,
      usedAt: context.now,
      expiresAt: reading.expiresAt,
    });
    if (!firstUse) throw gatewayError.unprocessable('000', REFUSALS.used);
    const { card } = reading;
    return {
      paymentMethodType: APPLE_PAY_TYPE,
      brand: card.brand,
      lastFour: card.lastFour,
      acquirer: card.declined ? DECLINED : acquirerOutcome(undefined, request.additionalData),
      triggers: modificationTriggers(undefined),
      threeDs: 'none',
      methodDetails: {
        network: card.network,
        transactionIdentifier: reading.transactionId,
        ...(request.paymentMethod.subtype === 'express' ? { subtype: 'express' } : {}),
      },
    };
  }
}
