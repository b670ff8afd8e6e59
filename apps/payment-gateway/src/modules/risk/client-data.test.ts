import { describe, expect, it } from 'vitest';
import { MAX_CLIENT_DATA_LENGTH, readClientRiskData } from './client-data.ts';

const encode = (value: unknown) => ({ clientData: Buffer.from(JSON.stringify(value)).toString('base64') });

describe('readClientRiskData', () => {
  it('reads the device fingerprint of the widget blob', () => {
    const riskData = encode({
      version: '1.0.0',
      deviceFingerprint: 'actdf1.abc',
      persistentCookie: [],
      components: {},
    });
    expect(readClientRiskData(riskData)).toEqual({ deviceFingerprint: 'actdf1.abc' });
  });

  it('treats df-timedOut and null as no fingerprint', () => {
    expect(readClientRiskData(encode({ deviceFingerprint: 'df-timedOut' }))).toEqual({});
    expect(readClientRiskData(encode({ deviceFingerprint: null }))).toEqual({});
  });

  it('ignores malformed, oversized and mistyped data', () => {
    expect(readClientRiskData(undefined)).toEqual({});
    expect(readClientRiskData('x')).toEqual({});
    expect(readClientRiskData({ clientData: 42 })).toEqual({});
    expect(readClientRiskData({ clientData: 'not base64 !' })).toEqual({});
    expect(readClientRiskData({ clientData: Buffer.from('{oops').toString('base64') })).toEqual({});
    expect(readClientRiskData({ clientData: 'A'.repeat(MAX_CLIENT_DATA_LENGTH + 4) })).toEqual({});
    expect(readClientRiskData(encode({ deviceFingerprint: 'x'.repeat(600) }))).toEqual({});
    expect(readClientRiskData(encode({ deviceFingerprint: 'with space' }))).toEqual({});
    expect(readClientRiskData(encode([1, 2]))).toEqual({});
  });
});
