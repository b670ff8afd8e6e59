import type { MethodTranslations } from '../../../core/i18n/i18n.ts';

/** Strings of the voucher result view, shared by every method that presents a voucher. */
export const voucherTranslations: MethodTranslations = {
  'en-US': {
    personalDetails: 'Personal details',
    firstName: 'First name',
    lastName: 'Last name',
    'firstName.invalid': 'Enter your first name',
    'lastName.invalid': 'Enter your last name',
    shopperEmail: 'Email address',
    telephoneNumber: 'Telephone number',
    'voucher.title': 'Pay with %{method}',
    'voucher.introduction.default':
      'Use the reference below to complete your payment before the voucher expires.',
    'voucher.introduction.boleto':
      'Pay the boleto at a bank, a lottery outlet or in your online banking before it expires. The barcode and the typed line below hold the same number.',
    'voucher.introduction.doku':
      'Pay at the store or ATM you chose, with the payment code below, before it expires.',
    'voucher.introduction.oxxo':
      'Show the barcode or the reference at the till of any OXXO store and pay in cash before it expires.',
    'voucher.introduction.multibanco':
      'Pay at a Multibanco ATM or in your online banking with the entity and reference below.',
    'voucher.introduction.dragonpay':
      'Pay at the bank or outlet you chose, with the reference below, before it expires.',
    'voucher.introduction.econtext':
      'Pay at the convenience store with the payment number below before it expires. We sent it to you as well.',
    'voucher.reference.boleto': 'Typed line',
    'voucher.barcode': 'Barcode of %{reference}',
    'voucher.issuerLogo': 'Logo of %{issuer}',
    'voucher.entity': 'Entity',
    'voucher.alternativeReference': 'Alternative reference',
    'voucher.collectionInstitutionNumber': 'Collection institution number',
    'voucher.initialAmount': 'Order amount',
    'voucher.merchantName': 'Shop',
    'voucher.shopperName': 'Name',
    'voucher.shopperEmail': 'E-mail address',
    'voucher.telephoneNumber': 'Telephone number',
    'voucher.amount': 'Amount',
    'voucher.surcharge': 'Includes %{value} surcharge',
    'voucher.reference': 'Payment reference',
    'voucher.copy': 'Copy',
    'voucher.copy.label': 'Copy %{label}',
    'voucher.copied': '%{label} copied',
    'voucher.copyFailed': 'Could not copy; select the text instead',
    'voucher.download': 'Download',
    'voucher.instructions': 'How to pay',
    'voucher.expiresAt': 'Expires on',
    'voucher.newWindow': '(opens in a new window)',
  },
};
