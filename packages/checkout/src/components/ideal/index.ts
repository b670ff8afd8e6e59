import { IssuerListElement } from '../internal/issuer-list/issuer-list-element.tsx';

/** iDEAL: a plain redirect; when the payment-method entry lists banks the shopper may pick one first. */
export class Ideal extends IssuerListElement {
  static override type = 'ideal';
  static readonly txVariants = ['ideal'];
}

export default Ideal;
