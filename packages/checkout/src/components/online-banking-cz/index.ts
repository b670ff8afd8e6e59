import type { Checkout } from '../../core/checkout.ts';
import {
  IssuerListElement,
  type IssuerListOptions,
  type TermsAndConditions,
} from '../internal/issuer-list/issuer-list-element.tsx';
import { translations } from './translations.ts';

/** The provider's terms the shopper accepts by continuing. */
const TERMS_URLS = ['https://static.payu.com/sites/terms/files/payu_privacy_policy_cs.pdf'];

/** Czech online banking: the shopper picks a bank; continuing accepts the payment provider's terms. */
export class OnlineBankingCZ extends IssuerListElement {
  static override type = 'onlineBanking_CZ';
  static readonly txVariants = ['onlineBanking_CZ'];

  constructor(checkout: Checkout, options: IssuerListOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  override get termsAndConditions(): TermsAndConditions {
    return (
      this.options.termsAndConditions ?? {
        translationKey: 'onlineBankingCZ.termsAndConditions',
        urls: TERMS_URLS,
      }
    );
  }
}

export default OnlineBankingCZ;
