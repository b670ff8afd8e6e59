import { describe, expect, it } from 'vitest';
import { currentStatus, isPastValidity, nextStatus, QUOTE_STATUSES } from './state-machine.ts';

describe('quote state machine', () => {
  it('goes requested → quoted → accepted → ordered', () => {
    expect(nextStatus('requested', 'quote')).toBe('quoted');
    expect(nextStatus('quoted', 'accept')).toBe('accepted');
    expect(nextStatus('accepted', 'order')).toBe('ordered');
  });

  it('lets the buyer decline a quote and the desk decline a request', () => {
    expect(nextStatus('quoted', 'decline')).toBe('declined');
    expect(nextStatus('requested', 'decline')).toBe('declined');
  });

  it('refuses every other step', () => {
    expect(nextStatus('requested', 'accept')).toBeNull();
    expect(nextStatus('quoted', 'quote')).toBeNull();
    expect(nextStatus('quoted', 'order')).toBeNull();
    expect(nextStatus('accepted', 'decline')).toBeNull();
    expect(nextStatus('ordered', 'order')).toBeNull();
    for (const closed of ['declined', 'expired', 'ordered'] as const) {
      for (const event of ['quote', 'accept', 'decline', 'expire', 'order'] as const) {
        expect(nextStatus(closed, event)).toBeNull();
      }
    }
  });

  it('treats the validity date as the last usable day', () => {
    const now = new Date('2026-05-10T23:59:00Z');
    expect(isPastValidity('2026-05-10', now)).toBe(false);
    expect(isPastValidity('2026-05-09', now)).toBe(true);
    expect(isPastValidity(null, now)).toBe(false);
  });

  it('expires a quoted or accepted quote after its date, nothing else', () => {
    const now = new Date('2026-05-11T00:00:00Z');
    const expected = { quoted: 'expired', accepted: 'expired' } as Record<string, string>;
    for (const status of QUOTE_STATUSES) {
      expect(currentStatus(status, '2026-05-10', now)).toBe(expected[status] ?? status);
      expect(currentStatus(status, '2026-05-11', now)).toBe(status);
    }
  });
});
