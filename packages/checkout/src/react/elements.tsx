import type { ReactNode } from 'react';
import { Card } from '../components/card/card.tsx';
import type { CardOptions } from '../components/card/card-options.ts';
import { Dropin, type DropinOptions } from '../components/dropin/dropin.tsx';
import { PaymentElementView, usePaymentElement } from './bindings.tsx';

/** `<CardElement options={{hasHolderName: true}} />` inside a `<CheckoutProvider>`. */
export function CardElement({ options = {}, fallback }: { options?: CardOptions; fallback?: ReactNode }) {
  const element = usePaymentElement((checkout, value: CardOptions) => new Card(checkout, value), options);
  return <PaymentElementView element={element} fallback={fallback} />;
}

/** `<DropinElement options={{paymentMethodComponents: [Card]}} />` inside a `<CheckoutProvider>`. */
export function DropinElement({ options = {}, fallback }: { options?: DropinOptions; fallback?: ReactNode }) {
  const element = usePaymentElement((checkout, value: DropinOptions) => new Dropin(checkout, value), options);
  return <PaymentElementView element={element} fallback={fallback} />;
}
