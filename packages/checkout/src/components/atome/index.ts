export { Atome, Atome as default } from './atome.ts';
