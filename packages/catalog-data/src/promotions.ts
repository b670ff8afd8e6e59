import { daysFrom } from './dates.ts';

/**
 * Promotions of the demo world, so a buyer can try codes in the cart (OrderCloud Promotion: the
 * expressions follow docs/domain.md, Promotions and rules). Open to every buyer; valid from a
 * month before the world's asOf date for a year.
 */
export interface DemoPromotion {
  id: string;
  code: string;
  name: string;
  description: string;
  /** A line-level promotion discounts the lines its eligible expression selects (`item.`). */
  lineItemLevel: boolean;
  eligibleExpression: string;
  valueExpression: string;
  canCombine: boolean;
  startDate: string;
  expirationDate: string;
}

export const DEMO_PROMOTION_CODES = {
  /** 10 % off an order from 1,000 (DKK or EUR); not combinable. */
  welcome: 'WELCOME10',
  /** 5 % off the lines of HD25 heavy-duty actuators; combinable. */
  heavyDuty: 'HD25-5',
} as const;

export function buildPromotions(asOfTime: number): DemoPromotion[] {
  const validity = { startDate: daysFrom(asOfTime, -30), expirationDate: daysFrom(asOfTime, 365) };
  return [
    {
      id: 'welcome10',
      code: DEMO_PROMOTION_CODES.welcome,
      name: '10 % off your order',
      description: "10 % off the order's subtotal from 1,000 in the order's currency.",
      lineItemLevel: false,
      eligibleExpression: 'order.Subtotal >= 1000',
      valueExpression: 'order.Subtotal * 0.1',
      canCombine: false,
      ...validity,
    },
    {
      id: 'hd25-5',
      code: DEMO_PROMOTION_CODES.heavyDuty,
      name: '5 % off HD25 heavy-duty actuators',
      description: 'Every HD25 line of the order 5 % cheaper; combines with other combinable promotions.',
      lineItemLevel: true,
      eligibleExpression: "item.product.incategory('HD25')",
      valueExpression: 'item.LineSubtotal * 0.05',
      canCombine: true,
      ...validity,
    },
  ];
}
