import { useState } from 'react';
import type { ElementStatus } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import {
  type ClickToPayConfiguration,
  type ClickToPaySchemeIds,
  createClickToPayService,
} from './create-service.ts';
import { ClickToPayPanel, useCtpState } from './panel.tsx';
import type { ClickToPayService } from './service.ts';
import type { ClickToPayCheckoutPayload } from './shopper-cards.ts';
import { clickToPayTranslations } from './translations.ts';

export interface CardClickToPay {
  service: ClickToPayService;
  Panel(props: CardClickToPayProps): React.ReactNode;
}

interface CardClickToPayProps {
  status: ElementStatus;
  showPayButton: boolean;
  disableOtpAutoFocus?: boolean | undefined;
  onCheckout(payload: ClickToPayCheckoutPayload): void;
  onError(error: unknown): void;
  /** The card form (kept mounted, hidden while Click to Pay leads). */
  children: React.ReactNode;
}

/**
 * Click to Pay inside the card component, loaded only when the card's configuration names a scheme:
 * the panel leads while the shopper is recognised, identified or logging in; "manual card entry", no
 * usable card or NotAvailable show the card form.
 */
export function createCardClickToPay(
  checkout: Checkout,
  ids: ClickToPaySchemeIds,
  configuration: ClickToPayConfiguration,
): CardClickToPay | undefined {
  checkout.addTranslations(clickToPayTranslations);
  const service = createClickToPayService(checkout, ids, configuration);
  if (!service) return undefined;
  void service.initialize();
  function Panel({ children, ...props }: CardClickToPayProps) {
    const state = useCtpState(service as ClickToPayService);
    const [manual, setManual] = useState(false);
    const activeService = service as ClickToPayService;
    const noUsableCards = state === 'Ready' && activeService.shopperCards.every((card) => card.isExpired);
    // While loading the form stays visible, so a slow or missing scheme never hides the card fields.
    const leads =
      ['ShopperIdentified', 'OneTimePassword', 'Ready', 'Login'].includes(state) && !noUsableCards;
    const showForm = !leads || manual;
    return (
      <>
        <ClickToPayPanel
          service={activeService}
          checkout={checkout}
          {...props}
          onShowCardForm={showForm ? undefined : () => setManual(true)}
        />
        <div hidden={!showForm}>{children}</div>
      </>
    );
  }
  return { service, Panel };
}
