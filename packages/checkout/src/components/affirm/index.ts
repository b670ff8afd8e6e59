export { Affirm, Affirm as default } from './affirm.ts';
