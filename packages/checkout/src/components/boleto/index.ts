export { Boleto, Boleto as default, type BoletoOptions } from './boleto.tsx';
export { BOLETO_TYPES } from './variants.ts';
