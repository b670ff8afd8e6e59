import { describe, expect, it } from 'vitest';
import { dayOf, lineFieldNames, resolveOrderFields, sharedValue } from './order-fields';

// Wednesday: one business day of transit → Thursday 2026-12-03; three → Monday 2026-12-07.
const today = new Date('2026-12-02T09:00:00Z');
const lines = [
  { id: 'a', transitDays: 1 },
  { id: 'b', transitDays: 3 },
];
const form = (fields: Record<string, string>) => (name: string) => (fields[name] ?? '').trim();

describe('checkout order fields', () => {
  it('fills every line from the order-level values; a line’s own value wins', () => {
    const result = resolveOrderFields(
      form({
        comment: 'Gate 4',
        dateNeeded: '2026-12-10',
        costCenter: 'CC-1',
        [lineFieldNames('b').costCenter]: 'CC-2',
        [lineFieldNames('b').date]: '2026-12-14',
      }),
      lines,
      today,
    );
    expect(result).toEqual({
      ok: true,
      comment: 'Gate 4',
      lines: [
        { id: 'a', DateNeeded: '2026-12-10T00:00:00.000Z', CostCenter: 'CC-1' },
        { id: 'b', DateNeeded: '2026-12-14T00:00:00.000Z', CostCenter: 'CC-2' },
      ],
    });
    expect(resolveOrderFields(form({}), lines, today)).toEqual({
      ok: true,
      comment: null,
      lines: [
        { id: 'a', DateNeeded: null, CostCenter: null },
        { id: 'b', DateNeeded: null, CostCenter: null },
      ],
    });
  });

  it('refuses a date before a line’s earliest day, naming the field and the day', () => {
    // Thursday is fine for line a but before Monday for line b.
    expect(resolveOrderFields(form({ dateNeeded: '2026-12-03' }), lines, today)).toEqual({
      ok: false,
      problem: { kind: 'dateTooEarly', field: 'dateNeeded', earliest: '2026-12-07' },
    });
    expect(
      resolveOrderFields(
        form({ dateNeeded: '2026-12-07', [lineFieldNames('a').date]: '2026-12-02' }),
        lines,
        today,
      ),
    ).toEqual({
      ok: false,
      problem: { kind: 'dateTooEarly', field: 'dateNeeded-a', earliest: '2026-12-03' },
    });
  });

  it('refuses no date, a long cost center and a long comment', () => {
    expect(resolveOrderFields(form({ dateNeeded: '2026-02-30' }), lines, today)).toMatchObject({
      problem: { kind: 'notADate' },
    });
    expect(resolveOrderFields(form({ costCenter: 'x'.repeat(101) }), lines, today)).toMatchObject({
      problem: { kind: 'costCenterTooLong', field: 'costCenter' },
    });
    expect(resolveOrderFields(form({ comment: 'x'.repeat(2001) }), lines, today)).toMatchObject({
      problem: { kind: 'commentTooLong' },
    });
    expect(resolveOrderFields(form({ comment: 'x'.repeat(2000) }), lines, today).ok).toBe(true);
  });

  it('shows the value every line shares', () => {
    expect(sharedValue(['CC-1', 'CC-1'])).toBe('CC-1');
    expect(sharedValue(['CC-1', null])).toBe('');
    expect(sharedValue([])).toBe('');
    expect(dayOf('2026-12-10T00:00:00+00:00')).toBe('2026-12-10');
    expect(dayOf(null)).toBe('');
  });
});
