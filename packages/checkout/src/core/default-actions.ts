import { createRedirectElement } from '../components/redirect/redirect.tsx';
import { createThreeDS2Element } from '../components/threeds2/threeds2-elements.tsx';
import type { Checkout } from './checkout.ts';

/** The actions every checkout handles; later payment-method folders register voucher, qrCode, await… */
export function registerDefaultActions(checkout: Checkout): void {
  checkout.registerAction('redirect', createRedirectElement);
  checkout.registerAction('threeDS2', createThreeDS2Element);
}
