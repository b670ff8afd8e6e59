import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import { acquirerOutcome, DECLINED, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type { MethodDecision, PaymentMethodEntry, PaymentMethodFamily } from '../types.ts';
import { merchantIdentifierOf, readPaymentToken } from './tokens.ts';

export const APPLE_PAY_TYPE = 'applepay';
const BRANDS = ['amex', 'mc', 'visa'];
const MAX_TOKEN_LENGTH = 16_384;

const REFUSALS = {
  malformed: 'Invalid applePayToken: it is not base64 of the wallet’s payment data.',
  forged: 'Invalid applePayToken: the payment data was not issued by this gateway.',
  expired: 'Invalid applePayToken: the payment data has expired; the shopper must authorise again.',
  'other-merchant': 'Invalid applePayToken: the payment data was issued for another merchant account.',
} as const;

/**
 * The device wallet (Apple Pay type): the shopper authorised a card in the wallet's sheet, whose
 * payment data the gateway sealed (modules/sdk-simulators/applepay). The wallet authenticated the
 * shopper, so there is no 3-D Secure step; the card's issuer decides (a declined test card refuses).
 */
export class ApplePayFamily implements PaymentMethodFamily {
  readonly name = 'applepay';

  constructor(private readonly tokenKey: Buffer) {}

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
