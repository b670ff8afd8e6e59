import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import {
  constantTimeEqual,
  erpSignature,
  hmacSignature,
  notificationHmac,
  notificationSigningString,
  ocHash,
  verifyErpSignature,
  verifyNotificationHmac,
  verifyOcHash,
} from './signatures.ts';

describe('constantTimeEqual', () => {
  it('is true only for the same text', () => {
    expect(constantTimeEqual('abc', 'abc')).toBe(true);
    expect(constantTimeEqual('abc', 'abd')).toBe(false);
    expect(constantTimeEqual('abc', 'abcd')).toBe(false);
    expect(constantTimeEqual('', '')).toBe(true);
  });
});

describe('X-oc-hash', () => {
  const body = '{"Environment":"Sandbox"}';

  it('is Base64(HMAC-SHA256) of the raw body with the UTF-8 hash key', () => {
    const expected = createHmac('sha256', 'hash-key-ünï').update(body, 'utf8').digest('base64');
    expect(ocHash('hash-key-ünï', body)).toBe(expected);
  });

  it('verifies only the exact body with the right key', () => {
    const header = ocHash('hash-key', body);
    expect(verifyOcHash('hash-key', body, header)).toBe(true);
    expect(verifyOcHash('hash-key', body, ` ${header} `)).toBe(true);
    expect(verifyOcHash('hash-key', `${body} `, header)).toBe(false);
    expect(verifyOcHash('other-key', body, header)).toBe(false);
    expect(verifyOcHash('hash-key', body, undefined)).toBe(false);
    expect(verifyOcHash('hash-key', body, '')).toBe(false);
  });
});

describe('payment notification HMAC', () => {
  const key = 'DFB1EB5485895CFA84146406857104ABB4CBCABDC8AAF103A624C8F6A3EAAB00';
  const item = {
    pspReference: 'pspReference',
    originalReference: 'originalReference',
    merchantAccountCode: 'merchantAccount',
    merchantReference: 'reference',
    amount: { value: 1000, currency: 'EUR' },
    eventCode: 'CAPTURE',
    success: 'true',
  };

  it('reproduces the published test vector', () => {
    const data = 'pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true';
    expect(hmacSignature(key, data)).toBe('xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=');
    expect(notificationHmac(key, item)).toBe('xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=');
  });

  it('builds the signing string in order, absent values empty', () => {
    expect(notificationSigningString(item)).toBe(
      'pspReference:originalReference:merchantAccount:reference:1000:EUR:CAPTURE:true',
    );
    expect(notificationSigningString({ ...item, originalReference: undefined })).toBe(
      'pspReference::merchantAccount:reference:1000:EUR:CAPTURE:true',
    );
    expect(notificationSigningString({})).toBe(':::::::');
  });

  it('verifies only the signature of the same fields', () => {
    expect(verifyNotificationHmac(key, item, 'xhpHvYq2u2Np0rstbZ6QjLGu7JWhvf7Iwaa6EviJSX0=')).toBe(true);
    expect(verifyNotificationHmac(key, { ...item, success: 'false' }, notificationHmac(key, item))).toBe(
      false,
    );
    expect(verifyNotificationHmac(key, item, undefined)).toBe(false);
  });
});

describe('X-Erp-Signature', () => {
  const body = '{"eventId":"e1","type":"sales-order.status-changed","subject":"SO-ADK-000001","sequence":1}';

  it('is sha256=<hex HMAC-SHA256 of the raw body>', () => {
    const hex = createHmac('sha256', 'secret-secret-secret').update(body, 'utf8').digest('hex');
    expect(erpSignature('secret-secret-secret', body)).toBe(`sha256=${hex}`);
  });

  it('verifies only the exact body with the right key', () => {
    const header = erpSignature('secret-secret-secret', body);
    expect(verifyErpSignature('secret-secret-secret', body, header)).toBe(true);
    expect(verifyErpSignature('secret-secret-secret', `${body} `, header)).toBe(false);
    expect(verifyErpSignature('another-secret-value', body, header)).toBe(false);
    expect(verifyErpSignature('secret-secret-secret', body, undefined)).toBe(false);
    expect(verifyErpSignature('secret-secret-secret', body, 'sha256=00')).toBe(false);
  });
});
