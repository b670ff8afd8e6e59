/**
 * CI runs the small sizes; `SECURITY_MODE=report` the larger ones written up in bench/security/REPORT.md.
 */
export const REPORT_MODE = process.env.SECURITY_MODE === 'report';

export const SIZES = {
  /** Fuzzed requests per app. */
  fuzzPerApp: REPORT_MODE ? 10_000 : 1_000,
  /** Victim ids tried per path parameter in the isolation matrix. */
  idsPerParameter: REPORT_MODE ? 6 : 2,
  /** Timed runs per filter (the median is compared). */
  timingRuns: REPORT_MODE ? 9 : 5,
  /** Replays of each signed message. */
  replays: REPORT_MODE ? 5 : 2,
} as const;

/** Seed of every generator, so a failure can be replayed: SECURITY_SEED=… */
export const SEED = Number(process.env.SECURITY_SEED ?? 20_261_126);
