import type { Checkout } from '../../../core/checkout.ts';
import { AwaitActionElement, type AwaitActionOptions } from '../await/await-element.tsx';
import { QrView } from './qr-view.tsx';
import { qrTranslations } from './translations.ts';

/** The `qrCode` action: the shopper scans the code (or opens the app link) while the widget waits. */
export class QrCodeAction extends AwaitActionElement {
  static override type = 'qrCode';

  constructor(checkout: Checkout, options: AwaitActionOptions) {
    checkout.addTranslations(qrTranslations);
    super(checkout, options);
  }

  renderView() {
    return <QrView element={this} />;
  }
}
