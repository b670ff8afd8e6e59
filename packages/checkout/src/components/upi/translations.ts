import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const translations: MethodTranslations = {
  'en-US': {
    'upi.modes': 'How to pay with UPI',
    'upi.mode.intent': 'UPI app',
    'upi.mode.vpa': 'UPI ID',
    'upi.mode.qrCode': 'QR code',
    'upi.apps': 'Choose your UPI app',
    'upi.app.enterId': 'Enter a UPI ID',
    'upi.app.required': 'Choose a UPI app or enter a UPI ID',
    'upi.vpa': 'UPI ID',
    'upi.vpa.help': 'Your UPI app asks you to approve the payment.',
    'upi.vpa.invalid': 'Enter your UPI ID, e.g. name@bank',
    'upi.qrCode.help': 'Scan the QR code with any UPI app to pay.',
    'upi.qrCode.generate': 'Generate QR code',
  },
};
