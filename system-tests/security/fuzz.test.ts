import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { type Actor, anonymous, type Login, ownersOf, signInAll, TENANTS } from './support/actors.ts';
import { operatorHeaders } from './support/credentials.ts';
import { recordFigures, table } from './support/figures.ts';
import { fuzzRequest } from './support/fuzz.ts';
import { watchHealth } from './support/health.ts';
import { bearer, pool, send } from './support/http.ts';
import { SEED, SIZES } from './support/mode.ts';
import { fillPath, loadOperations } from './support/openapi.ts';
import { changes, harvestVictim, type Snapshot, snapshot, type Victim } from './support/victims.ts';

const urls = inject('securityUrls');
const platform = urls.platform as string;

/** Requests that would sign the fuzzer's own user out or rewrite its password: not the victims', and they end the run. */
const SELF_ONLY = /^(DELETE \/v1\/me\/tokens|(PUT|PATCH) \/v1\/me|.*\/password.*)$/;

let actors: Record<Login, Actor>;
const victims: { victim: Victim; before: Snapshot }[] = [];
const rows: Record<string, string | number>[] = [];

beforeAll(async () => {
  actors = await signInAll(platform);
  for (const tenant of TENANTS) {
    const victim = await harvestVictim(platform, tenant, ownersOf(tenant, actors));
    victims.push({ victim, before: await snapshot(victim) });
  }
});

afterAll(() => {
  console.log(`Schema-aware fuzzing (seed ${SEED})\n${table(rows)}`);
});

describe('fuzzing every route of every app', () => {
  for (const app of ['platform', 'middleware', 'price-service', 'backoffice', 'payment-gateway']) {
    it(`${app}: ${SIZES.fuzzPerApp} fuzzed requests, no 5xx, /health answering, nothing changed`, async () => {
      const baseUrl = urls[app] as string;
      // The fuzzer is an outsider: anonymous, or the credit-hold shopper (neither tenant of the snapshot).
      const identities = [anonymous, actors.dan];
      const operations = (await loadOperations(app, baseUrl)).filter(
        (operation) => !SELF_ONLY.test(`${operation.method} ${operation.path}`),
      );
      // Most effort goes to what the fuzzer's identities get past authorisation with; the rest still hits the gates.
      const open: typeof operations = [];
      await pool(operations, 4, async (operation) => {
        for (const identity of identities) {
          const probe = await send(operation.method, `${baseUrl}${fillPath(operation.path, {})}`, {
            headers: bearer(identity.token),
            body: operation.method === 'GET' || operation.method === 'DELETE' ? undefined : {},
          });
          if (probe.status !== 401 && probe.status !== 403) {
            open.push(operation);
            return;
          }
        }
      });
      open.sort((a, b) => `${a.path} ${a.method}`.localeCompare(`${b.path} ${b.method}`));
      // Reads as the service's operator reach the handlers behind its key and change nothing.
      const reads = operations.filter((operation) => operation.method === 'GET');
      const operator = reads[0]
        ? await operatorHeaders(app, baseUrl, fillPath(reads[0].path, {}))
        : undefined;
      const serverErrors: string[] = [];
      const statuses: Record<number, number> = {};
      const health = watchHealth(urls);
      const started = Date.now();
      const seeds = Array.from({ length: SIZES.fuzzPerApp }, (_, index) => SEED + index);
      await pool(seeds, 4, async (seed) => {
        const asOperator = !!operator && seed % 4 === 1;
        const choices = asOperator ? reads : open.length && seed % 5 !== 0 ? open : operations;
        const operation = choices[Math.floor(seed / 5) % choices.length] as (typeof operations)[number];
        const identity = asOperator
          ? { name: 'operator', company: null }
          : seed % 4 === 0
            ? anonymous
            : actors.dan;
        const request = fuzzRequest(operation, seed);
        const exchange = await send(request.method, `${baseUrl}${request.target}`, {
          headers: asOperator ? operator : bearer(identity.token),
          body: request.body,
          contentType: request.contentType,
          timeoutMs: 15_000,
        });
        statuses[exchange.status] = (statuses[exchange.status] ?? 0) + 1;
        if (exchange.status >= 500 || exchange.status === 0) {
          serverErrors.push(
            `${request.method} ${request.target.slice(0, 160)} as ${identity.name} (seed ${seed}) → ${exchange.status} ${exchange.text.slice(0, 160)}`,
          );
        }
      });
      const seconds = (Date.now() - started) / 1000;
      const watch = await health.stop();
      const after = await fetch(`${baseUrl}/health`).then(
        (response) => response.status,
        () => 0,
      );
      const changed: string[] = [];
      for (const { victim, before } of victims) {
        changed.push(
          ...changes(before, await snapshot(victim)).map((change) => `${victim.tenant} ${change}`),
        );
      }
      rows.push({
        app,
        requests: seeds.length,
        operations: operations.length,
        open: open.length,
        operator: operator ? 'reads' : 'no',
        '5xx': serverErrors.length,
        'health failures': watch.failures.length,
        'slowest health ms': watch.slowestMs,
        changes: changed.length,
        seconds: Math.round(seconds),
      });
      recordFigures(`fuzz.${app}`, {
        requests: seeds.length,
        operations: operations.length,
        serverErrors: serverErrors.length,
        healthFailures: watch.failures.length,
        slowestHealthMs: watch.slowestMs,
        changes: changed.length,
        seconds,
        statuses,
        firstServerErrors: serverErrors.slice(0, 20),
      });
      expect(serverErrors, `${app}: requests answered 5xx or not at all`).toEqual([]);
      expect(watch.failures.slice(0, 10), `${app}: /health during the fuzzing`).toEqual([]);
      expect(after, `${app}: /health after the fuzzing`).toBe(200);
      expect(changed, `${app}: the victims' data after the fuzzing`).toEqual([]);
    });
  }
});
