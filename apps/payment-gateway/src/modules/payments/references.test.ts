import { describe, expect, it } from 'vitest';
import { newPspReference, newSessionId, PSP_REFERENCE_PATTERN } from './references.ts';

describe('references', () => {
  it('pspReferences are 16 uppercase alphanumerics and unique', () => {
    const references = new Set(Array.from({ length: 2000 }, newPspReference));
    expect(references.size).toBe(2000);
    for (const reference of references) expect(reference).toMatch(PSP_REFERENCE_PATTERN);
  });

  it('session ids are CS plus 16 uppercase hex digits', () => {
    expect(newSessionId()).toMatch(/^CS[0-9A-F]{16}$/);
  });
});
