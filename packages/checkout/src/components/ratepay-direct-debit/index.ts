export { RatepayDirectDebit, RatepayDirectDebit as default } from './ratepay-direct-debit.ts';
