export { Riverty, Riverty as default } from './riverty.ts';
