import { z } from 'zod';

/**
 * The largest quantity of one line, price break or schedule bound: what the storefront's quantity
 * field takes (four digits), far above any real order line, and small enough that quantity × unit
 * price and summed quantities stay exact integers.
 */
export const MAX_QUANTITY = 9999;

export const quantityTooLarge = `must be at most ${MAX_QUANTITY}`;

/** An integer quantity of at most {@link MAX_QUANTITY}; the lower bound is each caller's rule. */
export const boundedQuantity = () => z.int().max(MAX_QUANTITY, quantityTooLarge);
