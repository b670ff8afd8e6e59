import type { ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import { shopperContext } from '../../../shared/context.ts';
import { gatewayError } from '../../../shared/errors.ts';
import {
  publicCardInfo,
  WALLET_TEST_CARDS,
  walletTestCard,
} from '../../payments/methods/googlepay/test-cards.ts';
import { mintWalletToken } from '../../payments/methods/googlepay/wallet-token.ts';

const tokenRequest = z.object({
  cardId: z.string().min(1).max(64),
  /** The request's `tokenizationSpecification.parameters.gatewayMerchantId`; default: the key's account. */
  gatewayMerchantId: z.string().min(1).max(128).optional(),
});

/**
 * The browser-wallet simulator's server side, on the client API (client key + allowed origin): the
 * sheet's test cards (never their numbers) and the sealed token for the card the shopper picks, as the
 * wallet provider would encrypt it for the gateway named in the request.
 */
export function googlePaySimulatorRoutes(app: ServiceApp, deps: { tokenKey: Buffer }) {
  app.get(
    '/sdk-simulators/googlepay/cards',
    { schema: { tags: ['sandbox'], summary: 'Google Pay simulator: the test cards of its sheet' } },
    async () => ({ cards: WALLET_TEST_CARDS.map(publicCardInfo) }),
  );

  app.post(
    '/sdk-simulators/googlepay/tokens',
    {
      schema: {
        tags: ['sandbox'],
        summary: 'Google Pay simulator: a sealed payment token for a test card',
        body: tokenRequest,
      },
    },
    async (request) => {
      const context = shopperContext(request);
      const card = walletTestCard(request.body.cardId);
      if (!card) throw gatewayError.validation('cardId names no test card of the Google Pay simulator.');
      const account = request.body.gatewayMerchantId ?? context.merchant.account;
      return {
        token: mintWalletToken(deps.tokenKey, account, card, context.now),
        card: publicCardInfo(card),
      };
    },
  );
}
