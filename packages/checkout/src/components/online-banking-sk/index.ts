import { defineIssuerListMethod } from '../internal/issuer-list/issuer-list-element.tsx';
import { translations } from './translations.ts';

/** Slovak online banking: the shopper picks a bank; continuing accepts the payment provider's terms. */
export const OnlineBankingSK = defineIssuerListMethod({
  type: 'onlineBanking_SK',
  translations,
  termsAndConditions: {
    translationKey: 'onlineBankingSK.termsAndConditions',
    urls: ['https://static.payu.com/sites/terms/files/payu_privacy_policy_sk.pdf'],
  },
});

export default OnlineBankingSK;
