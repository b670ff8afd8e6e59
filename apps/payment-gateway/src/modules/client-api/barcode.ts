import type { ServiceApp } from '@actuate/service-kit';
import { toBuffer } from 'bwip-js/node';
import type { FastifyReply } from 'fastify';
import { z } from 'zod';
import { gatewayError } from '../../shared/errors.ts';

/**
 * Barcode types the widgets ask for and their bwip-js symbologies: `BT_…` names on `barcode.shtml`,
 * and the short names Adyen's web SDK puts on `utility/v1/barcode.png` (Boleto `itf`, OXXO `code128c`).
 */
const BARCODE_TYPES: Record<string, string> = {
  BT_Int2of5A: 'interleaved2of5',
  itf: 'interleaved2of5',
  BT_Code128C: 'code128',
  code128c: 'code128',
  qrCode: 'qrcode',
};

const barcodeQuery = z.looseObject({
  data: z.string().min(1).max(2048),
  barcodeType: z.string().optional(),
  type: z.string().optional(),
  fileType: z.literal('png').optional(),
});

async function sendBarcode(query: z.infer<typeof barcodeQuery>, reply: FastifyReply) {
  const requested = query.barcodeType ?? query.type ?? 'BT_Code128C';
  const symbology = Object.hasOwn(BARCODE_TYPES, requested) ? BARCODE_TYPES[requested] : undefined;
  if (!symbology) throw gatewayError.validation(`Unknown barcode type ${requested}.`);
  try {
    const png = await toBuffer({
      bcid: symbology,
      text: query.data,
      scale: 3,
      // A QR code keeps its own square shape (a height would stretch it past what scanners read).
      ...(symbology === 'qrcode' ? {} : { height: 12 }),
      // A white quiet zone around the code, as phone cameras need to find it on any page colour.
      backgroundcolor: 'FFFFFF',
      paddingwidth: 10,
      paddingheight: 10,
    });
    return reply.type('image/png').header('Cache-Control', 'public, max-age=3600').send(png);
  } catch {
    throw gatewayError.validation(`The data cannot be encoded as ${requested}.`);
  }
}

/**
 * Barcode and QR images of vouchers and QR payments. Public, like the reference's: the widget shows
 * them with `<img>`, which sends neither an Origin nor (for `barcode.shtml`) a client key, and an image
 * of the data the page already holds tells nobody anything new.
 */
export function barcodeRoutes(app: ServiceApp) {
  const route = { schema: { tags: ['client'], summary: 'Barcode or QR image', querystring: barcodeQuery } };
  for (const prefix of ['', '/checkoutshopper']) {
    app.get(`${prefix}/utility/v1/barcode.png`, route, (request, reply) => sendBarcode(request.query, reply));
    // The path Adyen's vouchers and QR loader use for the same images (`fileType=png`).
    app.get(`${prefix}/barcode.shtml`, route, (request, reply) => sendBarcode(request.query, reply));
  }
}
