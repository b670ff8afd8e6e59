import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Actor, type Login, signInAll } from './support/actors.ts';
import { OPERATOR_KEYS } from './support/credentials.ts';
import { recordFigures, table } from './support/figures.ts';
import { watchHealth } from './support/health.ts';
import { bearer, median, send } from './support/http.ts';
import { SIZES } from './support/mode.ts';

const urls = inject('securityUrls');

/** A pathological filter must cost at most this many times its plain counterpart (medians of several runs). */
const MAX_RATIO = 10;
/** Below this a median is noise on a loaded machine: ratios are taken from at least this floor. */
const FLOOR_MS = 20;

const stars = (count: number) => '*'.repeat(count);

interface Case {
  app: string;
  who: Login | 'operator';
  path: string;
  plain: string;
  /**
   * A backtracking matcher is exponential in the stars: a few already take seconds, thirty would hold the
   * process for good. So the small probe goes first and the long one only once the probe passed.
   */
  probe: string;
  pathological: string;
}

/** Wildcard and filter queries of every list that takes them, each beside the plain query it should cost like. */
const CASES: Case[] = [
  ...(['Name', 'ID', 'xp.Facets.voltage', 'search'] as const).map((field) => ({
    app: 'platform',
    who: 'dan' as const,
    path: '/v1/me/products',
    plain: field === 'search' ? 'search=actuator' : `${field}=${field === 'ID' ? 'B1' : 'Act'}*`,
    probe: `${field}=${stars(4)}QQ`,
    pathological: `${field}=${stars(30)}QQ`,
  })),
  {
    app: 'platform',
    who: 'dan',
    path: '/v1/me/products',
    plain: 'Name=A*|B*',
    probe: `Name=${Array(3)
      .fill(`${stars(3)}Q`)
      .join('|')}`,
    pathological: `Name=${Array(20)
      .fill(`${stars(8)}Q`)
      .join('|')}`,
  },
  ...(
    [
      ['/v1/me/addresses', 'AddressName=H*', 'AddressName'],
      ['/v1/me/orders', 'ID=0*', 'ID'],
      ['/v1/me/categories', 'Name=I*', 'Name'],
    ] as const
  ).map(([path, plain, field]) => ({
    app: 'platform',
    who: 'dan' as const,
    path,
    plain,
    probe: `${field}=${stars(4)}QQ`,
    pathological: `${field}=${stars(30)}QQ`,
  })),
  {
    app: 'platform',
    who: 'bo',
    path: '/v1/buyers/acme-dk/users',
    plain: 'Username=a*',
    probe: `Username=${stars(4)}QQ`,
    pathological: `Username=${stars(30)}QQ`,
  },
  ...(
    [
      ['/erp/customers', 'vatNumber=DK29403187', 'vatNumber'],
      ['/crm/contacts', 'email=anna%40acme-dk.example', 'email'],
    ] as const
  ).map(([path, plain, field]) => ({
    app: 'backoffice',
    who: 'operator' as const,
    path,
    plain,
    probe: `${field}=${stars(4)}QQ`,
    pathological: `${field}=${stars(30)}QQ`,
  })),
];

let actors: Record<Login, Actor>;
const rows: Record<string, string | number>[] = [];

beforeAll(async () => {
  actors = await signInAll(urls.platform as string);
});

afterAll(() => {
  console.log(`Pathological filters against plain ones (limit ${MAX_RATIO}×)\n${table(rows)}`);
});

/**
 * Median time of several runs. With a `limitMs`, stops as soon as more than half of the runs exceeded it
 * (the median is then over it whatever follows), so a slow case fails fast.
 */
async function timeMedian(
  url: string,
  headers: Record<string, string>,
  limitMs = Number.POSITIVE_INFINITY,
): Promise<{ ms: number; status: number }> {
  const times: number[] = [];
  let status = 0;
  for (let run = 0; run < SIZES.timingRuns; run++) {
    const exchange = await send('GET', url, { headers, timeoutMs: 15_000 });
    status = exchange.status;
    times.push(exchange.ms);
    if (times.filter((ms) => ms > limitMs).length > SIZES.timingRuns / 2) break;
  }
  const over = times.filter((ms) => ms > limitMs);
  return { ms: over.length > SIZES.timingRuns / 2 ? median(over) : median(times), status };
}

describe('pathological filters cost about what plain ones do', () => {
  for (const testCase of CASES) {
    const label = `${testCase.app} GET ${testCase.path}?${testCase.pathological.slice(0, 40)} as ${testCase.who}`;
    it(label, async () => {
      const base = urls[testCase.app] as string;
      const key = OPERATOR_KEYS[testCase.app];
      const headers =
        testCase.who === 'operator'
          ? key
            ? { [key.header]: key.value }
            : {}
          : bearer(actors[testCase.who].token);
      await send('GET', `${base}${testCase.path}?${testCase.plain}`, { headers }); // warm-up
      const plain = await timeMedian(`${base}${testCase.path}?${testCase.plain}`, headers);
      const health = watchHealth(urls, 100, 1_000);
      const limitMs = MAX_RATIO * Math.max(plain.ms, FLOOR_MS);
      let pathological = await timeMedian(`${base}${testCase.path}?${testCase.probe}`, headers, limitMs);
      const probePassed = pathological.ms <= limitMs && pathological.status > 0 && pathological.status < 500;
      if (probePassed) {
        pathological = await timeMedian(`${base}${testCase.path}?${testCase.pathological}`, headers, limitMs);
      }
      const watch = await health.stop();
      const ratio = Math.max(pathological.ms, FLOOR_MS) / Math.max(plain.ms, FLOOR_MS);
      rows.push({
        request: label.slice(0, 80),
        'plain ms': Math.round(plain.ms),
        'pathological ms': Math.round(pathological.ms),
        status: `${plain.status}/${pathological.status}`,
        sent: probePassed ? 'long' : 'probe only',
        ratio: ratio.toFixed(1),
        'slowest health ms': watch.slowestMs,
      });
      recordFigures(`timing.${testCase.app} ${testCase.path}?${testCase.pathological.split('=')[0]}`, {
        plainMs: plain.ms,
        pathologicalMs: pathological.ms,
        ratio,
        statuses: [plain.status, pathological.status],
        query: probePassed ? testCase.pathological : testCase.probe,
        slowestHealthMs: watch.slowestMs,
        healthFailures: watch.failures.length,
      });
      const sent = `${testCase.path}?${probePassed ? testCase.pathological : testCase.probe}`;
      expect(pathological.status, `${label}: status of ${sent}`).toBeLessThan(500);
      expect(pathological.status, `${label}: ${sent} got no answer`).toBeGreaterThan(0);
      expect(
        ratio,
        `${label}: ${sent} took ${Math.round(pathological.ms)} ms against ${Math.round(plain.ms)} ms`,
      ).toBeLessThan(MAX_RATIO);
      expect(watch.failures, `${label}: /health while it ran`).toEqual([]);
    });
  }
});
