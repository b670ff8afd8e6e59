/** How the shopper pays with UPI: an app on this phone, a collect request to their UPI id, or a QR code. */
export type UpiMode = 'intent' | 'vpa' | 'qrCode';

export interface UpiApp {
  id: string;
  name: string;
}

/** Names of the UPI apps a gateway lists by id; an unknown id is shown as it is. */
const APP_NAMES: Record<string, string> = {
  gpay: 'Google Pay',
  phonepe: 'PhonePe',
  paytm: 'Paytm',
  bhim: 'BHIM',
  amazonpay: 'Amazon Pay',
  cred: 'CRED',
};

export const appFromId = (id: string): UpiApp => ({ id, name: APP_NAMES[id] ?? id });

/** The apps offered for intent payments: the merchant's list, else the payment method's `appIds`. */
export function upiApps(
  apps: UpiApp[] | undefined,
  configuration: Record<string, unknown> | undefined,
): UpiApp[] {
  if (apps?.length) return apps;
  const ids = configuration?.appIds;
  return Array.isArray(ids) ? ids.filter((id): id is string => typeof id === 'string').map(appFromId) : [];
}

/** A phone or tablet: the only devices with UPI apps to open. */
export function isMobileDevice(): boolean {
  if (typeof navigator === 'undefined') return false;
  const hint = (navigator as Navigator & { userAgentData?: { mobile?: boolean } }).userAgentData?.mobile;
  return hint ?? /Android|iPhone|iPad|iPod|Mobi/i.test(navigator.userAgent);
}

/** The segments: paying by app when apps are listed, else by UPI id; QR code is always the alternative. */
export function upiModes(hasApps: boolean): UpiMode[] {
  return [hasApps ? 'intent' : 'vpa', 'qrCode'];
}

/** The mode opened first: QR on a computer (no UPI app there), else the first segment. */
export function defaultUpiMode(hasApps: boolean, mobile: boolean): UpiMode {
  return mobile ? upiModes(hasApps)[0]! : 'qrCode';
}
