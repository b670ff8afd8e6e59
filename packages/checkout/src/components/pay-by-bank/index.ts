import { IssuerListElement } from '../internal/issuer-list/issuer-list-element.tsx';

/** Pay by Bank (open banking): the shopper picks a bank and approves the payment in its app or site. */
export class PayByBank extends IssuerListElement {
  static override type = 'paybybank';
  static readonly txVariants = ['paybybank'];
}

export default PayByBank;
