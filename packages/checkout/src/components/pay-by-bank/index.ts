import { defineIssuerListMethod } from '../internal/issuer-list/issuer-list-element.tsx';

/** Pay by Bank (open banking): the shopper picks a bank and approves the payment in its app or site. */
export const PayByBank = defineIssuerListMethod({ type: 'paybybank' });

export default PayByBank;
