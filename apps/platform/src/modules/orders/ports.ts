/**
 * What the orders module asks of modules built around it. Passed at construction; `subscriptionOf`
 * is bound late by the app because subscriptions are built on top of orders.
 */
export interface OrderPorts {
  /** The checkout integration event of an API client (OrderCheckoutIntegrationEventID). */
  checkoutEventIdOf(clientId: string): Promise<string | undefined>;
  /** Whether the buyer user may pay with a saved card: their own or one assigned to them. */
  creditCardUsableBy(buyerId: string, userId: string, cardId: string): Promise<boolean>;
  /** The subscription an order came from, as the worksheet shows it. */
  subscriptionOf(subscriptionId: string): Promise<Record<string, unknown> | null>;
}
