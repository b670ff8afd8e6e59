import {
  BinaryBitmap,
  Code128Reader,
  HybridBinarizer,
  ITFReader,
  type OneDReader,
  RGBLuminanceSource,
} from '@zxing/library';
import { decodePDFRawStream, PDFArray, PDFDict, PDFDocument, PDFName, PDFRawStream } from 'pdf-lib';
import { PNG } from 'pngjs';
import { describe, expect, it, vi } from 'vitest';
import {
  clientCall,
  merchantCall,
  settleFromPendingList,
  useTestGateway,
  webhookEventsOf,
} from '../../../../testing/index.ts';
import { findPaymentByReference } from '../../repository.ts';
import {
  boleto,
  doku,
  dragonpay,
  type Example,
  econtext,
  multibanco,
  oxxo,
  payWith,
} from './test-examples.ts';

const gateway = useTestGateway();

const DAY_MS = 86_400_000;

const pay = async (example: Example, overrides: Record<string, unknown> = {}) => {
  const response = await payWith(gateway.app, example, overrides);
  expect(response.statusCode).toBe(200);
  return response.json();
};

/** The text a PDF's first page draws (pdf-lib writes each string as hex into a compressed stream). */
async function pdfText(bytes: Uint8Array): Promise<string> {
  const document = await PDFDocument.load(bytes);
  const contents = document.getPage(0).node.Contents();
  const streams =
    contents instanceof PDFArray ? contents.asArray().map((ref) => document.context.lookup(ref)) : [contents];
  const drawn: string[] = [];
  for (const stream of streams) {
    if (!(stream instanceof PDFRawStream)) continue;
    const operators = Buffer.from(decodePDFRawStream(stream).decode()).toString('latin1');
    for (const [, hex] of operators.matchAll(/<([0-9A-Fa-f]+)>\s*Tj/g))
      drawn.push(Buffer.from(hex ?? '', 'hex').toString('latin1'));
  }
  return drawn.join('\n');
}

/** How many images a PDF's first page uses (the barcode is drawn as one). */
async function pdfImageCount(bytes: Uint8Array): Promise<number> {
  const document = await PDFDocument.load(bytes);
  const images = document.getPage(0).node.Resources()?.lookup(PDFName.of('XObject'), PDFDict);
  return images?.keys().length ?? 0;
}

/** Reads a 1-D barcode PNG back to its digits, on white and with a quiet zone added around the bars. */
function decodeBarcode(png: Buffer, reader: OneDReader): string {
  const image = PNG.sync.read(png);
  const margin = 40;
  const width = image.width + 2 * margin;
  const luminances = new Uint8ClampedArray(width * image.height).fill(255);
  for (let y = 0; y < image.height; y++)
    for (let x = 0; x < image.width; x++) {
      const at = (y * image.width + x) * 4;
      const [red, green, blue, alpha] = [0, 1, 2, 3].map((channel) => image.data[at + channel] ?? 0) as [
        number,
        number,
        number,
        number,
      ];
      // The PNG's background is transparent: a see-through pixel is white paper.
      const grey = (red + 2 * green + blue) / 4;
      luminances[y * width + x + margin] = 255 - (alpha * (255 - grey)) / 255;
    }
  const bitmap = new BinaryBitmap(
    new HybridBinarizer(new RGBLuminanceSource(luminances, width, image.height)),
  );
  return reader.decode(bitmap).getText();
}

const pdfPath = (action: { downloadUrl: string }) => new URL(action.downloadUrl).pathname;

const expiresInDays = (action: { expiresAt: string }, days: number) => {
  const lead = Date.parse(action.expiresAt) - Date.now();
  expect(lead).toBeGreaterThan(days * DAY_MS - 60_000);
  expect(lead).toBeLessThanOrEqual(days * DAY_MS);
};

describe('the voucher action of each method', () => {
  it('Boleto: the 47-digit typeable line, due in 5 days, with the PDF and the shopper copy e-mail', async () => {
    const body = await pay(boleto, { shopperEmail: 'jose@example.com.br' });
    expect(body.resultCode).toBe('PresentToShopper');
    expect(body.action).toMatchObject({
      type: 'voucher',
      paymentMethodType: 'boletobancario',
      totalAmount: { currency: 'BRL', value: 12345 },
      initialAmount: { currency: 'BRL', value: 12345 },
      merchantName: 'ActuateStore',
      shopperEmail: 'jose@example.com.br',
    });
    expect(body.action.reference).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/);
    // The line ends in the amount in centavos.
    expect(body.action.reference.endsWith('0000012345')).toBe(true);
    expiresInDays(body.action, 5);
    // The step lapses when the voucher does (the gateway's clock enforces it).
    const stored = await findPaymentByReference(gateway.database.db, body.pspReference);
    expect(stored?.shopperStep).toMatchObject({ kind: 'present', expiresAt: body.action.expiresAt });
    expect(pdfPath(body.action)).toMatch(/^\/vouchers\/VC1!/);
    expect(body.action).not.toHaveProperty('instructionsUrl');
  });

  it('Doku: a 16-digit payment code, the shopper name and instructions, due in a day', async () => {
    const { action } = await pay(doku);
    expect(action).toMatchObject({
      type: 'voucher',
      paymentMethodType: 'doku_alfamart',
      shopperName: 'Siti Rahayu',
      shopperEmail: 'siti@example.co.id',
      totalAmount: { currency: 'IDR', value: 150000 },
    });
    expect(action.reference).toMatch(/^\d{16}$/);
    expect(action.instructionsUrl).toMatch(/\/vouchers\/instructions\/doku_alfamart$/);
    expiresInDays(action, 1);
  });

  it('OXXO: a 14-digit reference and an alternative one, due in 3 days', async () => {
    const { action } = await pay(oxxo);
    expect(action.reference).toMatch(/^\d{14}$/);
    expect(action.alternativeReference).toMatch(/^\d{10}$/);
    expect(action.merchantReference).toEqual(expect.any(String));
    expiresInDays(action, 3);
  });

  it('Multibanco: the entity and a 9-digit reference, due in 3 days', async () => {
    const { action } = await pay(multibanco);
    expect(action.entity).toMatch(/^\d{5}$/);
    expect(action.reference).toMatch(/^\d{9}$/);
    expiresInDays(action, 3);
  });

  it('Dragonpay: an 8-character reference and the chosen issuer, due in 2 days', async () => {
    const { action } = await pay(dragonpay);
    expect(action).toMatchObject({ issuer: 'BDO', shopperEmail: 'juan@example.ph' });
    expect(action.reference).toMatch(/^[A-Z0-9]{8}$/);
    expiresInDays(action, 2);
  });

  it('Econtext: a 13-digit reference and the masked phone; stores add the collection number', async () => {
    const { action } = await pay(econtext);
    expect(action).toMatchObject({ maskedTelephoneNumber: '090******78', shopperEmail: 'taro@example.jp' });
    expect(action.reference).toMatch(/^\d{13}$/);
    expect(action).not.toHaveProperty('collectionInstitutionNumber');
    expiresInDays(action, 4);
    const stores = await pay({ ...econtext, paymentMethod: { type: 'econtext_stores' } });
    expect(stores.action.collectionInstitutionNumber).toMatch(/^\d{5}$/);
  });

  it('serves the instructions page an action links, and none for a method without one', async () => {
    const { action } = await pay(oxxo);
    const page = await gateway.app.inject({ method: 'GET', url: new URL(action.instructionsUrl).pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('OXXO');
    const none = await gateway.app.inject({ method: 'GET', url: '/vouchers/instructions/boletobancario' });
    expect(none.statusCode).toBe(404);
  });
});

describe('the voucher PDF', () => {
  it.each([
    ['Boleto', boleto, true],
    ['Multibanco', multibanco, false],
    ['Econtext', econtext, true],
  ])('%s: a valid PDF that prints the reference (barcode image: %s)', async (_name, example, barcode) => {
    const { action } = await pay(example);
    const response = await gateway.app.inject({ method: 'GET', url: pdfPath(action) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(response.rawPayload);
    expect(await pdfImageCount(response.rawPayload)).toBe(barcode ? 1 : 0);
    expect(text).toContain(action.reference);
    if (action.entity) expect(text).toContain(action.entity);
  });

  it('refuses a tampered, forged or unknown voucher address with 404', async () => {
    const path = pdfPath((await pay(oxxo)).action);
    const tampered = `${path.slice(0, -3)}${path.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const mandateLike = path.replace('/vouchers/VC1!', '/vouchers/BM1!');
    for (const bad of [
      tampered,
      mandateLike,
      '/vouchers/VC1!eyJ2IjoiVkMxIn0.xxxxxxxxxxxxxxxxxxxxxx',
      '/vouchers/x',
    ]) {
      const answer = await gateway.app.inject({ method: 'GET', url: bad });
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toMatchObject({ status: 404, errorType: 'validation' });
    }
  });
});

describe('voucher barcodes', () => {
  it('Boleto: decodes (Interleaved 2 of 5) to the 44 digits the typeable line reorders to', async () => {
    const { action } = await pay(boleto);
    // The widget's rule: bank and currency, then check digit, due factor and amount, then the free field.
    const barcode = action.reference
      .replace(/\D/g, '')
      .replace(/^(\d{4})(\d{5})\d(\d{10})\d(\d{10})\d(\d{15})$/, '$1$5$2$3$4');
    expect(barcode).toHaveLength(44);
    const image = await clientCall(
      gateway.app,
      `/utility/v1/barcode.png?barcodeType=BT_Int2of5A&data=${barcode}`,
    );
    expect(image.statusCode).toBe(200);
    expect(decodeBarcode(image.rawPayload, new ITFReader())).toBe(barcode);
  });

  it('OXXO: its Code 128 barcode decodes to the reference', async () => {
    const { action } = await pay(oxxo);
    const image = await clientCall(
      gateway.app,
      `/utility/v1/barcode.png?barcodeType=BT_Code128C&data=${action.reference}`,
    );
    expect(decodeBarcode(image.rawPayload, new Code128Reader())).toBe(action.reference);
  });
});

describe('paying a voucher days later', () => {
  it('is pending in the sandbox list, authorised when marked received, with its webhook', async () => {
    const reference = `voucher-${Math.random().toString(36).slice(2)}`;
    const body = await pay(boleto, { reference });
    const list = await gateway.app.inject({ method: 'GET', url: `/sandbox/pending?reference=${reference}` });
    expect(list.body).toContain('boletobancario');
    expect(await webhookEventsOf(gateway.app, body.pspReference)).toEqual([]);

    const settled = await settleFromPendingList(gateway.app, reference, 'authorise');
    expect(settled.statusCode).toBe(200);
    expect(settled.body).toContain('Authorised');
    await vi.waitFor(async () =>
      expect(await webhookEventsOf(gateway.app, body.pspReference)).toContain('AUTHORISATION:true'),
    );
    // Paid in cash: settled at once, and not refunded through the method.
    const refund = await merchantCall(gateway.app, 'POST', `/v71/payments/${body.pspReference}/refunds`, {
      merchantAccount: 'ActuateStore',
      amount: { currency: 'BRL', value: 100 },
    });
    expect(refund.statusCode).toBe(422);
    expect(refund.json().errorCode).toBe('167');
  });

  it('closes unpaid with OFFER_CLOSED when it expires', async () => {
    const reference = `voucher-${Math.random().toString(36).slice(2)}`;
    const body = await pay(multibanco, { reference });
    expect((await settleFromPendingList(gateway.app, reference, 'expire')).statusCode).toBe(200);
    await vi.waitFor(async () =>
      expect((await webhookEventsOf(gateway.app, body.pspReference)).join()).toBe('OFFER_CLOSED:true'),
    );
  });
});
