import { useState } from 'react';
import type { ElementStatus } from '../../core/callbacks.ts';
import type { Checkout } from '../../core/checkout.ts';
import { PayButton, payButtonLabel } from '../base/pay-button.tsx';
import { Select } from '../internal/field.tsx';
import { cardTitle, type ShopperCard } from './shopper-cards.ts';

/** Mastercard's DCF opens inside the merchant page in an iframe of this height (spec §9). */
export const DCF_IFRAME_HEIGHT = 380;
export const DCF_IFRAME_NAME = 'ctpIframe';

const cardLabel = (card: ShopperCard, expired: string) =>
  `${cardTitle(card)} •••• ${card.panLastFour}${card.isExpired ? ` (${expired})` : ''}`;

/** The shopper's cards (one shown, several in a dropdown) and the pay button with the last four digits. */
export function CardsView({
  cards,
  checkout,
  status,
  dcfOpen,
  showPayButton,
  onPay,
  dcfFrameRef,
}: {
  cards: ShopperCard[];
  checkout: Checkout;
  status: ElementStatus;
  dcfOpen: boolean;
  showPayButton: boolean;
  onPay(card: ShopperCard): void;
  dcfFrameRef(node: HTMLIFrameElement | null): void;
}) {
  const { i18n } = checkout;
  const expired = i18n.get('ctp.cards.expired');
  const [selectedId, setSelectedId] = useState(cards.find((card) => !card.isExpired)?.srcDigitalCardId);
  const selected = cards.find((card) => card.srcDigitalCardId === selectedId);
  return (
    <div className="actuate-checkout__ctp-cards">
      <h3 className="actuate-checkout__ctp-title">{i18n.get('ctp.cards.title')}</h3>
      {cards.length === 1 && cards[0] ? (
        <p className="actuate-checkout__ctp-card">{cardLabel(cards[0], expired)}</p>
      ) : (
        <Select
          label={i18n.get('ctp.cards.select')}
          name="ctpCard"
          value={selectedId ?? ''}
          options={cards.map((card) => ({
            id: card.srcDigitalCardId,
            name: cardLabel(card, expired),
            disabled: card.isExpired,
          }))}
          onChange={(value) => setSelectedId(value)}
        />
      )}
      {dcfOpen && selected?.scheme === 'mc' ? (
        <iframe
          ref={dcfFrameRef}
          name={DCF_IFRAME_NAME}
          title={i18n.get('ctp.dcf.title')}
          height={DCF_IFRAME_HEIGHT}
          className="actuate-checkout__ctp-dcf"
        />
      ) : null}
      {showPayButton && selected ? (
        <PayButton
          label={`${payButtonLabel(checkout)} •••• ${selected.panLastFour}`}
          status={status}
          onClick={() => onPay(selected)}
        />
      ) : null}
    </div>
  );
}
