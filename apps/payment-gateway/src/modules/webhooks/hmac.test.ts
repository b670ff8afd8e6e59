import { describe, expect, it } from 'vitest';
import {
  hmacSignature,
  notificationSigningString,
  signNotification,
  verifyNotificationSignature,
} from './hmac.ts';

describe('webhook HMAC', () => {
  it('reproduces the published test vector', () => {
    expect(
      hmacSignature(
        'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00',
        'pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true',
      ),
    ).toBe('xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=');
  });

  it('builds the signing string in order, absent values empty', () => {
    const item = {
      pspReference: 'pspReference',
      originalReference: 'originalReference',
      merchantAccountCode: 'merchantAccount',
      merchantReference: 'reference',
      amount: { value: 1000, currency: 'EUR' },
      eventCode: 'CAPTURE',
      success: 'true',
    };
    expect(notificationSigningString(item)).toBe(
      'pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true',
    );
    expect(notificationSigningString({ ...item, originalReference: undefined })).toBe(
      'pspReference::merchantAccount:reference:1000:EUR:CAPTURE:true',
    );
    const key = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
    expect(signNotification(key, item)).toBe('xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=');
    expect(verifyNotificationSignature(key, item, 'xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=')).toBe(true);
    expect(verifyNotificationSignature(key, { ...item, success: 'false' }, signNotification(key, item))).toBe(
      false,
    );
  });
});
