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
  'da-DK': {
    'qr.scan': 'Scan QR-koden med %{method}-appen',
    'qr.image': 'QR-kode til betaling med %{method}',
    'qr.copy': 'Kopiér QR-kode',
    'qr.copied': 'QR-koden er kopieret',
    'qr.copyFailed': 'QR-koden kunne ikke kopieres',
    'qr.steps.heading': 'Sådan betaler du med %{method}',
    'qr.steps.1': 'Tag et skærmbillede af QR-koden.',
    'qr.steps.2.paynow': 'Åbn din bankapp, og vælg PayNow.',
    'qr.steps.2.payme': 'Åbn PayMe, og tryk på QR-scanneren.',
    'qr.steps.3': 'Vælg skærmbilledet blandt dine billeder, og bekræft betalingen.',
    'qrMethod.description': 'Når du fortsætter, scanner du QR-koden, der vises her, med %{method}-appen.',
  },
  'de-DE': {
    'qr.scan': 'Scannen Sie den QR-Code mit der %{method}-App',
    'qr.image': 'QR-Code zum Bezahlen mit %{method}',
    'qr.copy': 'QR-Code kopieren',
    'qr.copied': 'QR-Code kopiert',
    'qr.copyFailed': 'Der QR-Code konnte nicht kopiert werden',
    'qr.steps.heading': 'So bezahlen Sie mit %{method}',
    'qr.steps.1': 'Machen Sie einen Screenshot des QR-Codes.',
    'qr.steps.2.paynow': 'Öffnen Sie Ihre Banking-App und wählen Sie PayNow.',
    'qr.steps.2.payme': 'Öffnen Sie PayMe und tippen Sie auf den QR-Scanner.',
    'qr.steps.3': 'Wählen Sie den Screenshot aus Ihren Fotos und bestätigen Sie die Zahlung.',
    'qrMethod.description':
      'Wenn Sie fortfahren, scannen Sie den hier angezeigten QR-Code mit der %{method}-App.',
  },
};
