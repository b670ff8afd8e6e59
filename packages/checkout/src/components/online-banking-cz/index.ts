import { defineIssuerListMethod } from '../internal/issuer-list/issuer-list-element.tsx';
import { translations } from './translations.ts';

/** Czech online banking: the shopper picks a bank; continuing accepts the payment provider's terms. */
export const OnlineBankingCZ = defineIssuerListMethod({
  type: 'onlineBanking_CZ',
  translations,
  termsAndConditions: {
    translationKey: 'onlineBankingCZ.termsAndConditions',
    urls: ['https://static.payu.com/sites/terms/files/payu_privacy_policy_cs.pdf'],
  },
});

export default OnlineBankingCZ;
