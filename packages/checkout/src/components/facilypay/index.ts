export { FacilyPay, FacilyPay as default } from './facilypay.ts';
