import { baseContext, notFound, type ServiceApp } from '@actuate/service-kit';
import { z } from 'zod';
import type { SalesOrderService } from './service.ts';

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

const carrierCode = (carrier: string) => carrier.split(' ')[0]?.toLowerCase() ?? '';

/** The public tracking page a shipment's TrackingUrl points at (no API key: buyers open it). */
export function trackingRoutes(app: ServiceApp, { salesOrders }: { salesOrders: SalesOrderService }) {
  app.get(
    '/tracking/:carrier/:trackingNumber',
    {
      schema: {
        tags: ['tracking'],
        summary: 'Tracking page of a shipment (HTML)',
        params: z.object({
          carrier: z.string().regex(/^[a-z]{2,10}$/),
          trackingNumber: z.string().regex(/^\d{6,20}$/),
        }),
      },
    },
    async (request, reply) => {
      const tracked = await salesOrders.track(baseContext(request), request.params.trackingNumber);
      if (!tracked || carrierCode(tracked.shipment.carrier) !== request.params.carrier)
        throw notFound(
          'shipment-not-found',
          `No shipment with tracking number ${request.params.trackingNumber}.`,
        );
      const { shipment } = tracked;
      const lines = shipment.lines
        .map(
          (line) =>
            `<tr><td>${line.lineNumber}</td><td>${escapeHtml(line.salesItemNumber)}</td><td>${line.quantity}</td></tr>`,
        )
        .join('');
      const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Shipment ${escapeHtml(shipment.trackingNumber)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:2rem auto;padding:0 1rem}table{border-collapse:collapse}td,th{padding:.25rem .75rem;border-bottom:1px solid #ddd;text-align:left}</style></head>
<body><h1>Shipment ${escapeHtml(shipment.erpShipmentId)}</h1>
<p>${escapeHtml(shipment.carrier)}, tracking number <strong>${escapeHtml(shipment.trackingNumber)}</strong>, shipped ${escapeHtml(shipment.shippedAt.slice(0, 10))}.</p>
<p>Order ${escapeHtml(tracked.orderNumber)}: ${escapeHtml(tracked.orderStatus)}. Containers: ${shipment.containerIds.map(escapeHtml).join(', ')}.</p>
<table><thead><tr><th>Line</th><th>Item</th><th>Quantity</th></tr></thead><tbody>${lines}</tbody></table></body></html>`;
      return reply.type('text/html; charset=utf-8').send(html);
    },
  );
}
