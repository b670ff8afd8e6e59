import { describe, expect, it } from 'vitest';
import { addInterval, dateTimeToDay, dayToDateTime, parseScheduleForm, upcomingOrderDates } from './schedule';

const form = (values: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) data.set(key, value);
  return data;
};

describe('subscription schedule', () => {
  it('reads a valid form', () => {
    expect(
      parseScheduleForm(
        form({ frequency: '2', interval: 'Weeks', nextOrderDate: '2026-12-01', endDate: '' }),
        '2026-11-24',
      ),
    ).toEqual({ ok: true, schedule: { frequency: 2, interval: 'Weeks', nextOrderDate: '2026-12-01' } });
  });

  it('names every problem', () => {
    const result = parseScheduleForm(
      form({ frequency: '0', interval: 'Years', nextOrderDate: '2026-11-01', endDate: '2026-10-01' }),
      '2026-11-24',
    );
    expect(result).toEqual({
      ok: false,
      problems: {
        frequency: 'frequencyInvalid',
        interval: 'intervalInvalid',
        nextOrderDate: 'dateInPast',
        endDate: 'endBeforeStart',
      },
    });
    expect(
      parseScheduleForm(form({ frequency: '1', interval: 'Days', nextOrderDate: 'x' }), undefined),
    ).toMatchObject({
      ok: false,
      problems: { nextOrderDate: 'dateInvalid' },
    });
  });

  it('allows a past date when editing', () => {
    expect(
      parseScheduleForm(form({ frequency: '1', interval: 'Months', nextOrderDate: '2020-01-31' }), undefined)
        .ok,
    ).toBe(true);
  });

  it('moves days, weeks and months', () => {
    expect(addInterval('2026-01-31', 'Months', 1)).toBe('2026-02-28');
    expect(addInterval('2026-12-15', 'Months', 2)).toBe('2027-02-15');
    expect(addInterval('2026-12-29', 'Weeks', 1)).toBe('2027-01-05');
    expect(addInterval('2026-02-27', 'Days', 3)).toBe('2026-03-02');
  });

  it('lists the coming order days until the end date', () => {
    expect(upcomingOrderDates({ frequency: 2, interval: 'Weeks', nextOrderDate: '2026-12-01' }, 3)).toEqual([
      '2026-12-01',
      '2026-12-15',
      '2026-12-29',
    ]);
    expect(
      upcomingOrderDates(
        { frequency: 1, interval: 'Months', nextOrderDate: '2026-12-01', endDate: '2027-01-15' },
        5,
      ),
    ).toEqual(['2026-12-01', '2027-01-01']);
  });

  it('converts days to platform date-times and back', () => {
    expect(dayToDateTime('2026-12-01')).toBe('2026-12-01T12:00:00.000Z');
    expect(dateTimeToDay('2026-12-01T12:00:00.000Z')).toBe('2026-12-01');
    expect(dateTimeToDay(null)).toBeUndefined();
  });
});
