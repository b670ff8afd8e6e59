import type { PaymentAction } from '../../core/types.ts';
import { VoucherView } from '../internal/voucher/index.ts';
import type { Bacs } from './bacs.tsx';

/** The set-up Direct Debit: the amount and, when the gateway gives its address, the mandate PDF. */
export function BacsResult({ element, action }: { element: Bacs; action: PaymentAction }) {
  const { checkout } = element;
  const { i18n } = checkout;
  return (
    <VoucherView
      checkout={checkout}
      title={i18n.get('bacs.result.title')}
      introduction={i18n.get('bacs.result.introduction')}
      amount={checkout.amount}
      downloadUrl={typeof action.url === 'string' ? action.url : undefined}
      downloadLabel={i18n.get('bacs.result.download')}
    />
  );
}
