import type { MethodTranslations } from '../../core/i18n/i18n.ts';

export const bacsTranslations: MethodTranslations = {
  'en-US': {
    'bacs.holderName': 'Account holder name',
    'bacs.accountNumber': 'Account number',
    'bacs.bankLocationId': 'Sort code',
    'bacs.shopperEmail': 'E-mail address',
    'bacs.consent.amount': 'I agree that the amount above will be taken from my bank account.',
    'bacs.consent.account':
      'I confirm the account is in my name and I am the only signatory needed to authorise Direct Debits from it.',
    'bacs.accountHolderName.invalid': 'Enter the account holder’s name',
    'bacs.accountNumber.invalid': 'Enter an account number of up to 8 digits',
    'bacs.bankLocationId.invalid': 'Enter a sort code of 6 digits',
    'bacs.shopperEmail.invalid': 'Enter a valid e-mail address',
    'bacs.consent.required': 'Tick this box to continue',
    'bacs.continue': 'Continue',
    'bacs.edit': 'Edit',
    'bacs.confirmTitle': 'Check your Direct Debit details',
    'bacs.confirmAndPay': 'Confirm and pay %{value}',
    'bacs.confirmAndPay.noAmount': 'Confirm and pay',
    'bacs.result.title': 'Direct Debit set up',
    'bacs.result.introduction':
      'Your Direct Debit Instruction is in place. Keep a copy of it for your records.',
    'bacs.result.download': 'Download PDF',
  },
};
