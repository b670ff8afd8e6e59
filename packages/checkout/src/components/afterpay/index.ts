export { Afterpay, Afterpay as default } from './afterpay.ts';
