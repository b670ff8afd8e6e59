import { SepaDirectDebit } from './sepa.tsx';

export type { SepaDirectDebitOptions } from './sepa.tsx';
export { SepaDirectDebit };
/** The catalogue's lazy loader takes the module's default export. */
export default SepaDirectDebit;
