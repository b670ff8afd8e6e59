/** Barcode images of voucher references, drawn by the gateway's barcode endpoint. */

export type BarcodeType = 'BT_Int2of5A' | 'BT_Code128C';

export function barcodeUrl(loadingContext: string, type: BarcodeType, data: string): string {
  const query = new URLSearchParams({ barcodeType: type, fileType: 'png', data });
  return `${loadingContext}barcode.shtml?${query.toString()}`;
}

/**
 * The 44 digits a boleto's barcode encodes, from the 47-digit line the shopper types: the line's three
 * check digits go, and the check digit, due-date factor and value (its last 15 digits) move ahead of
 * the free fields. A 44-digit reference already is the barcode; anything else has none.
 */
export function boletoBarcodeDigits(reference: string): string | undefined {
  const digits = reference.replace(/\D/g, '');
  if (digits.length === 44) return digits;
  const line = /^(\d{4})(\d{5})\d(\d{10})\d(\d{10})\d(\d{15})$/.exec(digits);
  return line ? `${line[1]}${line[5]}${line[2]}${line[3]}${line[4]}` : undefined;
}
