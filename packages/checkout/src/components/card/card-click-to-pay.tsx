import type { ReactNode } from 'react';
import { useSyncExternalStore } from 'react';
import { Store } from '../../core/store.ts';
import type { CardClickToPay } from '../clicktopay/card-panel.tsx';
import type { ClickToPayConfiguration, ClickToPaySchemeIds } from '../clicktopay/create-service.ts';
import type { Card } from './card.tsx';

/** The card's Click to Pay, once its code has loaded (a separate chunk: cards without it never fetch it). */
const loaded = new WeakMap<Card, Store<{ ctp: CardClickToPay | undefined }>>();

const hasSchemeIds = (ids: ClickToPaySchemeIds | undefined) =>
  !!ids && ((!!ids.visaSrciDpaId && !!ids.visaSrcInitiatorId) || (!!ids.mcDpaId && !!ids.mcSrcClientId));

/** Starts Click to Pay for a card whose configuration (or the /paymentMethods scheme entry) has scheme ids. */
export function loadCardClickToPay(card: Card): void {
  const options = card.props as {
    configuration?: ClickToPaySchemeIds;
    clickToPayConfiguration?: ClickToPayConfiguration;
  };
  const entry = card.checkout.paymentMethodsResponse.paymentMethods?.find(
    (method) => method.type === 'scheme',
  );
  const ids = hasSchemeIds(options.configuration)
    ? options.configuration
    : (entry?.configuration as ClickToPaySchemeIds | undefined);
  if (!hasSchemeIds(ids) || typeof window === 'undefined') return;
  const store = new Store<{ ctp: CardClickToPay | undefined }>({ ctp: undefined });
  loaded.set(card, store);
  import('../clicktopay/card-panel.tsx')
    .then(({ createCardClickToPay }) => {
      store.set({
        ctp: createCardClickToPay(
          card.checkout,
          ids as ClickToPaySchemeIds,
          options.clickToPayConfiguration ?? {},
        ),
      });
    })
    .catch((error: unknown) => card.reportCheckoutError(error));
}

const EMPTY = new Store<{ ctp: CardClickToPay | undefined }>({ ctp: undefined });

export function CardWithClickToPay({ element, children }: { element: Card; children: ReactNode }) {
  const store = loaded.get(element) ?? EMPTY;
  const { ctp } = useSyncExternalStore(store.subscribe, store.get, store.get);
  const view = useSyncExternalStore(element.view.subscribe, element.view.get, element.view.get);
  if (!ctp) return children;
  const { Panel } = ctp;
  return (
    <Panel
      status={view.status}
      showPayButton={(element.props.showPayButton ?? element.checkout.options.showPayButton) !== false}
      disableOtpAutoFocus={element.props.clickToPayConfiguration?.disableOtpAutoFocus}
      onCheckout={(payload) => element.payWithClickToPay(payload)}
      onError={(error) => element.reportCheckoutError(error)}
    >
      {children}
    </Panel>
  );
}
