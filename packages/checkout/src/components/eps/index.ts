import { defineIssuerListMethod } from '../internal/issuer-list/issuer-list-element.tsx';

/** EPS (Austrian online bank transfer): the shopper picks a bank and continues to it. */
export const Eps = defineIssuerListMethod({ type: 'eps' });

export default Eps;
