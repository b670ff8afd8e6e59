import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Actor, intrudersOf, type Login, ownersOf, signInAll, TENANTS } from './support/actors.ts';
import { recordFigures, table } from './support/figures.ts';
import { newFigures, runMatrix } from './support/isolation.ts';
import { loadOperations, type Operation } from './support/openapi.ts';
import { changes, harvestVictim, snapshot, type Victim } from './support/victims.ts';

const urls = inject('securityUrls');
const platform = urls.platform as string;

/**
 * Requests an intruder sends only to hurt itself (sign itself out, rewrite its own profile or password):
 * they cannot reach the victim, and running them would leave the intruder unable to go on.
 */
const SELF_ONLY = [
  /^DELETE \/v1\/me\/tokens$/,
  /^(PUT|PATCH) \/v1\/me$/,
  /\/password/,
  /^POST \/oauth\/token$/,
];

let actors: Record<Login, Actor>;
let operations: Operation[];
const victims = new Map<string, Victim>();
const rows: Record<string, string | number>[] = [];

beforeAll(async () => {
  actors = await signInAll(platform);
  operations = await loadOperations('platform', platform);
  for (const tenant of TENANTS) {
    victims.set(tenant, await harvestVictim(platform, tenant, ownersOf(tenant, actors)));
  }
});

afterAll(() => {
  console.log(`Platform isolation matrix (${operations.length} operations)\n${table(rows)}`);
});

describe('platform tenant isolation', () => {
  it("the leak detector sees a victim's data when the owner itself asks (control)", async () => {
    for (const tenant of TENANTS) {
      const victim = victims.get(tenant) as Victim;
      const figures = newFigures();
      await runMatrix({
        baseUrl: platform,
        operations: operations.filter(
          (operation) =>
            operation.method === 'GET' && /^\/v1\/(buyers\/\{buyerID\}\/users|me)$/.test(operation.path),
        ),
        victim,
        intruders: [ownersOf(tenant, actors).admin],
        figures,
      });
      expect(figures.leaks.length, `owner reads of ${tenant} flagged`).toBeGreaterThan(0);
    }
  });

  for (const tenant of TENANTS) {
    for (const phase of ['reads', 'writes'] as const) {
      it(`no intruder reads or changes ${tenant}'s data (${phase})`, async () => {
        const victim = victims.get(tenant);
        if (!victim) throw new Error('victim not harvested');
        // Taken now: the intruders' own earlier writes (their carts, cards) are not the victim's.
        const before = await snapshot(victim);
        const figures = newFigures();
        const started = Date.now();
        await runMatrix({
          baseUrl: platform,
          operations: operations.filter((operation) => (operation.method === 'GET') === (phase === 'reads')),
          victim,
          intruders: intrudersOf(tenant, actors),
          skip: (operation) =>
            SELF_ONLY.some((pattern) => pattern.test(`${operation.method} ${operation.path}`)),
          figures,
        });
        const changed = changes(before, await snapshot(victim));
        rows.push({
          victim: tenant,
          phase,
          requests: figures.requests,
          'foreign 2xx': figures.foreign2xx,
          leaks: figures.leaks.length,
          changes: changed.length,
          '5xx': figures.serverErrors.length,
          seconds: Math.round((Date.now() - started) / 1000),
          statuses: Object.entries(figures.statuses)
            .map(([status, count]) => `${status}×${count}`)
            .join(' '),
        });
        recordFigures(`isolation.platform.${tenant}.${phase}`, {
          requests: figures.requests,
          leaks: figures.leaks.length,
          changes: changed.length,
          serverErrors: figures.serverErrors.length,
          seconds: (Date.now() - started) / 1000,
        });
        expect(figures.leaks.map((leak) => `${leak.request}: ${leak.detail}`)).toEqual([]);
        expect(changed).toEqual([]);
        expect(figures.serverErrors.map((error) => `${error.request}: ${error.detail}`)).toEqual([]);
      });
    }
  }
});
