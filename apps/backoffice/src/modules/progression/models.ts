import { IsoDateTime } from '@actuate/contracts';
import { z } from 'zod';

export const OrderNumberParams = z.object({
  orderNumber: z.string().regex(/^SO-[A-Z]{3}-\d{6}$/, 'Sales order number, e.g. SO-ADK-000001'),
});

export const ConfirmRequest = z
  .object({
    /** Date (YYYY-MM-DD) the ERP promises to ship by; default: today + the lead time. */
    confirmedShippingDate: z.iso.date().optional(),
  })
  .default({});

export const ShipRequest = z
  .object({
    /** Lines and quantities to ship; default: the next planned part (two shipments per order). */
    lines: z
      .array(z.object({ lineNumber: z.int().min(1), quantity: z.int().min(1) }))
      .min(1)
      .optional(),
    carrier: z.enum(['GLS', 'DHL Freight', 'DSV']).optional(),
    shippedAt: IsoDateTime.optional(),
    /**
     * What the carrier charges, in minor units; default: the order's shipping cost shared by the units
     * shipped (the shipment that completes the order takes the rest).
     */
    cost: z.int().min(0).max(100_000_000).optional(),
  })
  .default({});

export const ShipmentParams = OrderNumberParams.extend({
  erpShipmentId: z.string().regex(/^SHP-\d{7}$/, 'ERP shipment id, e.g. SHP-0000001'),
});

export const DeliverRequest = z
  .object({
    /** When the carrier delivered; default: now. Not before the shipment shipped. */
    deliveredAt: IsoDateTime.optional(),
  })
  .default({});

export const CompleteShortRequest = z.object({ reason: z.string().min(1).max(500).optional() }).default({});

export const CancelRequest = z.object({ reason: z.string().min(1).max(500).optional() }).default({});
