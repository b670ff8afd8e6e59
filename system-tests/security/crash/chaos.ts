/**
 * Seeded randomness and the kill schedule: while the workload runs, SIGKILL one of the chosen apps at a
 * random moment, leave it down for a random moment, start it again (on its data), repeat.
 */

import { sleep } from './client.ts';
import type { Backend, Stack } from './processes.ts';

/** mulberry32: a small seeded generator, so a failing run can be replayed with its seed. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

export interface Kill {
  app: Backend;
  at: number;
  downMs: number;
  restartMs: number;
}

export interface ChaosOptions {
  apps: Backend[];
  random: () => number;
  /** Gap before each kill, uniformly in [min, max] ms. */
  gapMs: [number, number];
  /** How long the app stays down, uniformly in [min, max] ms. */
  downMs: [number, number];
  /** Stop killing after this many kills (the workload goes on). */
  maxKills?: number;
  log?: (line: string) => void;
}

const between = (random: () => number, [min, max]: [number, number]) =>
  Math.round(min + random() * (max - min));

/** Runs the schedule until `done` resolves; every app is running again when it returns. */
export async function injectCrashes(
  stack: Stack,
  done: Promise<unknown>,
  options: ChaosOptions,
): Promise<Kill[]> {
  const kills: Kill[] = [];
  const started = Date.now();
  let finished = false;
  void done.finally(() => {
    finished = true;
  });
  while (!finished && kills.length < (options.maxKills ?? Number.POSITIVE_INFINITY)) {
    const gap = between(options.random, options.gapMs);
    const app = options.apps[Math.floor(options.random() * options.apps.length)] as Backend;
    const downMs = between(options.random, options.downMs);
    await Promise.race([sleep(gap), done.catch(() => undefined)]);
    if (finished) break;
    const at = Date.now() - started;
    await stack.kill(app);
    options.log?.(`t+${at} ms SIGKILL ${app}, down ${downMs} ms`);
    await sleep(downMs);
    const restarting = Date.now();
    await stack.start(app);
    kills.push({ app, at, downMs, restartMs: Date.now() - restarting });
  }
  for (const app of options.apps) if (!stack.running(app)) await stack.start(app);
  return kills;
}
