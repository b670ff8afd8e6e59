import type { Amount } from '../../core/amount.ts';
import type { PaymentAction } from '../../core/types.ts';
import { type VoucherDetail, VoucherView } from '../internal/voucher/index.ts';
import type { BankTransfer } from './bank-transfer.tsx';

const text = (value: unknown) => (typeof value === 'string' && value ? value : undefined);

/** The bank details of a bankTransfer action, each value copyable for the shopper's online banking. */
export function BankTransferResult({ element, action }: { element: BankTransfer; action: PaymentAction }) {
  const { checkout } = element;
  const { i18n } = checkout;
  const total = action.totalAmount as Partial<Amount> | undefined;
  const amount =
    typeof total?.value === 'number' && typeof total.currency === 'string'
      ? { value: total.value, currency: total.currency }
      : checkout.amount;
  const details: VoucherDetail[] = [
    ['bankTransfer.beneficiary', text(action.beneficiary)],
    ['bankTransfer.iban', text(action.iban)],
    ['bankTransfer.bic', text(action.bic)],
  ].flatMap(([key, value]) => (value && key ? [{ label: i18n.get(key), value, copy: true }] : []));
  const email = text(action.shopperEmail);
  return (
    <VoucherView
      checkout={checkout}
      title={i18n.get('bankTransfer.result.title')}
      introduction={i18n.get('bankTransfer.result.introduction')}
      amount={amount}
      reference={text(action.reference)}
      referenceLabel={i18n.get('bankTransfer.reference')}
      details={details}
    >
      {email ? <p>{i18n.get('bankTransfer.result.emailSent', { email })}</p> : null}
    </VoucherView>
  );
}
