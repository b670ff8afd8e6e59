import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { formatCountdown, isAnnouncementDue } from './countdown.ts';
import { StatusPoller } from './poller.ts';
import { mapStatusResponse, type StatusOutcome } from './status.ts';

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval', 'Date'] });
});
afterEach(() => {
  vi.useRealTimers();
});

const pending: StatusOutcome = { kind: 'pending' };

describe('StatusPoller', () => {
  it('checks every 2 s, and every 10 s once a minute has passed', async () => {
    const check = vi.fn(async () => pending);
    const poller = new StatusPoller(check, vi.fn());
    poller.start();
    await vi.advanceTimersByTimeAsync(1_999);
    expect(check).toHaveBeenCalledTimes(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(58_000);
    // 2, 4, … 60 s: thirty checks in the first minute.
    expect(check).toHaveBeenCalledTimes(30);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(check).toHaveBeenCalledTimes(30);
    await vi.advanceTimersByTimeAsync(1);
    expect(check).toHaveBeenCalledTimes(31);
    await vi.advanceTimersByTimeAsync(20_000);
    expect(check).toHaveBeenCalledTimes(33);
    poller.stop();
    await vi.advanceTimersByTimeAsync(60_000);
    expect(check).toHaveBeenCalledTimes(33);
  });

  it('keeps polling through network errors and reports the first final answer once', async () => {
    const final: StatusOutcome = { kind: 'success', payload: 'pl-1' };
    const check = vi
      .fn<() => Promise<StatusOutcome>>()
      .mockRejectedValueOnce(new Error('offline'))
      .mockRejectedValueOnce(new Error('offline'))
      .mockResolvedValueOnce(pending)
      .mockResolvedValue(final);
    const onFinal = vi.fn();
    const poller = new StatusPoller(check, onFinal);
    poller.start();
    await vi.advanceTimersByTimeAsync(8_000);
    expect(check).toHaveBeenCalledTimes(4);
    expect(onFinal).toHaveBeenCalledTimes(1);
    expect(onFinal).toHaveBeenCalledWith(final);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(4);
    poller.start();
    await vi.advanceTimersByTimeAsync(30_000);
    expect(check).toHaveBeenCalledTimes(4);
  });

  it('runs one chain of checks when stopped and started while a check is under way', async () => {
    let answer: (outcome: StatusOutcome) => void = () => {};
    const check = vi
      .fn<() => Promise<StatusOutcome>>()
      .mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)))
      .mockResolvedValue(pending);
    const poller = new StatusPoller(check, vi.fn());
    poller.start();
    await vi.advanceTimersByTimeAsync(2_000);
    poller.stop();
    poller.start();
    answer(pending);
    await vi.advanceTimersByTimeAsync(10_000);
    // One check at 2 s, then the resumed chain's at 4, 6, 8, 10 and 12 s.
    expect(check).toHaveBeenCalledTimes(6);
  });
});

describe('mapStatusResponse', () => {
  it.each([
    [{ type: 'pending' }, { kind: 'pending' }],
    [{ type: 'complete', resultCode: 'Pending' }, { kind: 'pending' }],
    [{ type: 'complete', resultCode: 'received' }, { kind: 'pending' }],
    [
      { type: 'complete', resultCode: 'Authorised', payload: 'p' },
      { kind: 'success', payload: 'p' },
    ],
    [
      { type: 'complete', resultCode: 'Authorised' },
      { kind: 'failure', reason: 'successful result, but no payload in response' },
    ],
    [
      { type: 'complete', resultCode: 'Refused', payload: 'p' },
      { kind: 'failure', payload: 'p', messageKey: 'error.subtitle.refused' },
    ],
    [
      { type: 'complete', resultCode: 'Cancelled' },
      { kind: 'failure', reason: 'error result with no payload in response' },
    ],
    [
      { type: 'complete', resultCode: 'Unknown' },
      { kind: 'failure', messageKey: 'error.message.unknown' },
    ],
    [
      { type: 'complete', resultCode: 'Expired', payload: 'p' },
      { kind: 'expired', payload: 'p' },
    ],
    [{ type: 'validation' }, { kind: 'failure', messageKey: 'error.message.unknown' }],
  ])('maps %o', (response, expected) => {
    expect(mapStatusResponse(response)).toMatchObject(expected);
  });
});

describe('countdown', () => {
  it('formats mm:ss', () => {
    expect(formatCountdown(900)).toBe('15:00');
    expect(formatCountdown(90)).toBe('01:30');
    expect(formatCountdown(4.2)).toBe('00:05');
    expect(formatCountdown(-3)).toBe('00:00');
  });

  it('reads out every 3 minutes above 5 minutes, every minute down to 1, every 30 s in the last', () => {
    const due = Array.from({ length: 900 }, (_, index) => 900 - index).filter(isAnnouncementDue);
    expect(due).toEqual([900, 720, 540, 360, 300, 240, 180, 120, 60, 30]);
  });
});
