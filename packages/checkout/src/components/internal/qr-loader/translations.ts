import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** Strings of the QR view and of the methods that show one. */
export const qrTranslations: MethodTranslations = {
  'en-US': {
    'qr.scan': 'Scan the QR code with the %{method} app',
    'qr.image': 'QR code for paying with %{method}',
    'qr.copy': 'Copy QR code',
    'qr.copied': 'QR code copied',
    'qr.copyFailed': 'Could not copy the QR code',
    'qr.steps.heading': 'How to pay with %{method}',
    'qr.steps.1': 'Take a screenshot of the QR code.',
    'qr.steps.2.paynow': 'Open your bank app and choose PayNow.',
    'qr.steps.2.payme': 'Open PayMe and tap the QR scanner.',
    'qr.steps.3': 'Pick the screenshot from your photos and confirm the payment.',
    'qrMethod.description': 'After you continue, scan the QR code shown here with the %{method} app.',
  },
};
