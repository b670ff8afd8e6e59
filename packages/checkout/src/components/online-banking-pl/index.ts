import type { Checkout } from '../../core/checkout.ts';
import {
  IssuerListElement,
  type IssuerListOptions,
  type TermsAndConditions,
} from '../internal/issuer-list/issuer-list-element.tsx';
import { translations } from './translations.ts';

/** The provider's terms the shopper accepts by continuing. */
const TERMS_URLS = [
  'https://www.przelewy24.pl/regulamin',
  'https://www.przelewy24.pl/obowiazek-informacyjny-platnik',
];

/** Polish online banking: the shopper picks a bank; continuing accepts the payment provider's terms. */
export class OnlineBankingPL extends IssuerListElement {
  static override type = 'onlineBanking_PL';
  static readonly txVariants = ['onlineBanking_PL'];

  constructor(checkout: Checkout, options: IssuerListOptions = {}) {
    super(checkout, options);
    checkout.addTranslations(translations);
  }

  override get termsAndConditions(): TermsAndConditions {
    return (
      this.options.termsAndConditions ?? {
        translationKey: 'onlineBankingPL.termsAndConditions',
        urls: TERMS_URLS,
      }
    );
  }
}

export default OnlineBankingPL;
