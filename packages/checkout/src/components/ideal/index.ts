import { defineIssuerListMethod } from '../internal/issuer-list/issuer-list-element.tsx';

/** iDEAL: a plain redirect; when the payment-method entry lists banks the shopper may pick one first. */
export const Ideal = defineIssuerListMethod({ type: 'ideal' });

export default Ideal;
