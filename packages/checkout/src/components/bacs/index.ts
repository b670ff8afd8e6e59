export { BACS_TYPE, Bacs, Bacs as default, type BacsOptions } from './bacs.tsx';
