import type { UpiMode } from './modes.ts';

/** The app-list entry that asks for a UPI id instead of opening an app. */
export const ENTER_UPI_ID = 'enter-upi-id';

/** What the shopper chose: the mode, in intent mode an app (or ENTER_UPI_ID), and a typed UPI id. */
export interface UpiSelection {
  mode: UpiMode;
  appId: string;
  virtualPaymentAddress: string;
}

/** A collect request is sent to a UPI id: in the id mode, or from the app list's "enter a UPI id". */
const collects = ({ mode, appId }: UpiSelection) =>
  mode === 'vpa' || (mode === 'intent' && appId === ENTER_UPI_ID);

/** The payment method the selection pays with: QR code, an app (intent) or a collect request. */
export function upiPaymentMethod(selection: UpiSelection): Record<string, string> {
  if (selection.mode === 'qrCode') return { type: 'upi_qr' };
  if (collects(selection))
    return { type: 'upi_collect', virtualPaymentAddress: selection.virtualPaymentAddress.trim() };
  return { type: 'upi_intent', appId: selection.appId };
}

/**
 * A UPI id (virtual payment address, "name@bank") is only required: the shopper's bank tells
 * whether it exists when the collect request reaches it.
 */
export function virtualPaymentAddressError(value: string): string | undefined {
  return value.trim() === '' ? 'upi.vpa.invalid' : undefined;
}

/** The selection's errors by field: an app to choose, a UPI id to type; none for a QR code. */
export function upiErrors(
  selection: UpiSelection,
): Partial<Record<'appId' | 'virtualPaymentAddress', string>> {
  if (selection.mode === 'qrCode') return {};
  if (selection.mode === 'intent' && selection.appId === '') return { appId: 'upi.app.required' };
  if (!collects(selection)) return {};
  const error = virtualPaymentAddressError(selection.virtualPaymentAddress);
  return error ? { virtualPaymentAddress: error } : {};
}
