import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const bankTransferTranslations: MethodTranslations = {
  'en-US': {
    'bankTransfer.introduction':
      'You will see the bank details to transfer the amount to after you continue.',
    'bankTransfer.sendCopy': 'Send me a copy of the bank details by e-mail',
    'bankTransfer.shopperEmail': 'E-mail address',
    'bankTransfer.shopperEmail.invalid': 'Enter a valid e-mail address',
    'bankTransfer.continue': 'Continue',
    'bankTransfer.result.title': 'Pay by bank transfer',
    'bankTransfer.result.introduction':
      'Transfer the amount to the account below from your online banking. Use the reference exactly as shown so we can match your payment.',
    'bankTransfer.result.emailSent': 'We also sent these details to %{email}.',
    'bankTransfer.beneficiary': 'Beneficiary',
    'bankTransfer.iban': 'IBAN',
    'bankTransfer.bic': 'BIC',
    'bankTransfer.reference': 'Reference',
  },
};
