import { ClickToPay } from './click-to-pay.tsx';

export type { ClickToPayOptions } from './click-to-pay.tsx';
export type { ClickToPayConfiguration, ClickToPaySchemeIds } from './create-service.ts';
export type { CtpState } from './service.ts';
export { ClickToPay };
/** The catalogue's lazy loader takes the module's default export. */
export default ClickToPay;
