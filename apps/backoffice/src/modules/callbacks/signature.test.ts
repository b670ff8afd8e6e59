import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signCallback, verifyCallbackSignature } from './signature.ts';

describe('callback signature', () => {
  const body = '{"eventId":"e1","type":"sales-order.status-changed","subject":"SO-ADK-000001","sequence":1}';

  it('is sha256=<hex HMAC-SHA256 of the raw body>', () => {
    const hex = createHmac('sha256', 'secret-secret-secret').update(body, 'utf8').digest('hex');
    expect(signCallback('secret-secret-secret', body)).toBe(`sha256=${hex}`);
  });

  it('verifies only the exact body with the right key', () => {
    const header = signCallback('secret-secret-secret', body);
    expect(verifyCallbackSignature('secret-secret-secret', body, header)).toBe(true);
    expect(verifyCallbackSignature('secret-secret-secret', `${body} `, header)).toBe(false);
    expect(verifyCallbackSignature('another-secret-value', body, header)).toBe(false);
    expect(verifyCallbackSignature('secret-secret-secret', body, undefined)).toBe(false);
    expect(verifyCallbackSignature('secret-secret-secret', body, 'sha256=00')).toBe(false);
  });
});
