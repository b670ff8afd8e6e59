import { AmazonPay } from './amazonpay.tsx';

export type { AmazonPayGate, AmazonPayOptions } from './amazonpay.tsx';
export { AmazonPay };
/** The catalogue's lazy loader takes the module's default export. */
export default AmazonPay;
