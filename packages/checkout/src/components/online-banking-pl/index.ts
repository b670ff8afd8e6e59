import { defineIssuerListMethod } from '../internal/issuer-list/issuer-list-element.tsx';
import { translations } from './translations.ts';

/** Polish online banking: the shopper picks a bank; continuing accepts the payment provider's terms. */
export const OnlineBankingPL = defineIssuerListMethod({
  type: 'onlineBanking_PL',
  translations,
  termsAndConditions: {
    translationKey: 'onlineBankingPL.termsAndConditions',
    urls: ['https://www.przelewy24.pl/regulamin', 'https://www.przelewy24.pl/obowiazek-informacyjny-platnik'],
  },
});

export default OnlineBankingPL;
