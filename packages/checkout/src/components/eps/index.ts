import { IssuerListElement } from '../internal/issuer-list/issuer-list-element.tsx';

/** EPS (Austrian online bank transfer): the shopper picks a bank and continues to it. */
export class Eps extends IssuerListElement {
  static override type = 'eps';
  static readonly txVariants = ['eps'];
}

export default Eps;
