import type { MerchantContext } from '../../../../shared/context.ts';
import { gatewayError } from '../../../../shared/errors.ts';
import {
  type AmazonCheckoutSessions,
  amazonPayAccount,
  regionForCurrency,
} from '../../../sdk-simulators/amazonpay/index.ts';
import { APPROVED, DECLINED, modificationTriggers } from '../../acquirer.ts';
import type { PaymentRequest } from '../../models.ts';
import type { ListQuery, MethodDecision, PaymentMethodEntry, PaymentMethodFamily } from '../types.ts';

/** The ledger currencies of Amazon Pay's regions (EU, UK, US): the sandbox offers it for these. */
const AMAZON_PAY_CURRENCIES = new Set(['EUR', 'GBP', 'USD']);

const refuse = (message: string) => gatewayError.unprocessable('000', message);

/**
 * Amazon Pay (`amazonpay`): the buyer signs in and chooses an address and instrument in Amazon's
 * dialog (the SDK simulator), confirms on Amazon's page, and the merchant pays with the checkout
 * session id. The session must be this merchant's, confirmed for this amount and not used yet; its
 * declining test instrument is refused, and the decline flow lets the buyer pick another one.
 */
export class AmazonPayFamily implements PaymentMethodFamily {
  readonly name = 'amazonpay';

  constructor(private readonly sessions: AmazonCheckoutSessions) {}

  handles(type: string) {
    return type === 'amazonpay';
  }

  listEntries(context: MerchantContext, query: ListQuery): PaymentMethodEntry[] {
    const currency = query.amount?.currency;
    if (currency && !AMAZON_PAY_CURRENCIES.has(currency)) return [];
    const account = amazonPayAccount(context.merchant.account);
    return [
      {
        type: 'amazonpay',
        name: 'Amazon Pay',
        configuration: {
          merchantId: account.merchantId,
          publicKeyId: account.publicKeyId,
          region: regionForCurrency(currency),
          storeId: account.storeId,
        },
      },
    ];
  }

  async decide(context: MerchantContext, request: PaymentRequest): Promise<MethodDecision> {
    const checkoutSessionId = request.paymentMethod.checkoutSessionId;
    if (typeof checkoutSessionId !== 'string' || checkoutSessionId === '' || checkoutSessionId.length > 64)
      throw refuse('paymentMethod.checkoutSessionId: the Amazon Pay checkout session id is required.');
    const session = await this.sessions.find(checkoutSessionId, context.merchant.account);
    if (!session) throw refuse('paymentMethod.checkoutSessionId: no such Amazon Pay checkout session.');
    if (session.state === 'Completed') throw refuse('The Amazon Pay checkout session is already paid.');
    if (session.state === 'Declined')
      throw refuse(
        'The Amazon Pay checkout session was declined: let the buyer choose another instrument (decline flow).',
      );
    if (session.state !== 'Confirmed' || !session.amount || !session.instrument)
      throw refuse(`The Amazon Pay checkout session is not confirmed by the buyer (it is ${session.state}).`);
    const { amount } = session;
    if (amount.currency !== request.amount.currency || amount.value !== request.amount.value)
      throw refuse('amount: not the amount the buyer confirmed in Amazon Pay.');
    const instrument = session.instrument;
    // Once refused, the same session pays again only after the decline flow; once authorised, never.
    if (!(await this.sessions.update(session, { state: instrument.declines ? 'Declined' : 'Completed' })))
      throw refuse('The Amazon Pay checkout session is already paid.');
    return {
      paymentMethodType: 'amazonpay',
      lastFour: instrument.paymentDescriptor.match(/(\d{4})/)?.[1],
      acquirer: instrument.declines ? DECLINED : APPROVED,
      triggers: modificationTriggers(undefined),
      threeDs: 'none',
      methodDetails: { checkoutSessionId, paymentDescriptor: instrument.paymentDescriptor },
    };
  }
}
