export { Ratepay, Ratepay as default } from './ratepay.ts';
