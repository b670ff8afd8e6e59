/**
 * The one load client both sides get: autocannon for single-request workloads, and for the
 * multi-call checkout a loop of `connections` concurrent workers over keep-alive `fetch`, counting
 * whole sequences. Server CPU is the difference of a CPU reading (from /proc) over the measured
 * window only; a warm-up run before it is not counted.
 */
import { performance } from 'node:perf_hooks';
import autocannon from 'autocannon';

export interface Figures {
  unit: 'request' | 'sequence';
  completed: number;
  perSecond: number;
  latencyP50Ms: number;
  latencyP99Ms: number;
  cpuMsPerUnit: number;
  failed: number;
}

export interface LoadOptions {
  connections: number;
  warmupSeconds: number;
  durationSeconds: number;
  /** CPU time of the server process(es) so far, ms. */
  serverCpuMs: () => number;
}

export interface RequestWorkload {
  url: string;
  headers: Record<string, string>;
  /** Method, path and body of request number `sequence`. */
  request: (sequence: number) => {
    method: string;
    path: string;
    body?: string;
    headers?: Record<string, string>;
  };
  /** Rejects 2xx answers that carry an error (GraphQL answers 200 with `errors`). */
  check?: (body: string) => boolean;
}

const round = (value: number, digits = 2) => Number(value.toFixed(digits));

export async function runRequests(workload: RequestWorkload, options: LoadOptions): Promise<Figures> {
  let sequence = 0;
  let rejected = 0;
  const load = (duration: number) =>
    autocannon({
      url: workload.url,
      connections: options.connections,
      duration,
      headers: workload.headers,
      requests: [
        {
          setupRequest: (request) => ({ ...request, ...workload.request(sequence++) }),
          ...(workload.check
            ? {
                onResponse: (status: number, body: string) => {
                  if (status < 300 && !workload.check?.(body)) rejected += 1;
                },
              }
            : {}),
        },
      ],
    });
  if (options.warmupSeconds > 0) await load(options.warmupSeconds);
  rejected = 0;
  const before = options.serverCpuMs();
  const result = await load(options.durationSeconds);
  const cpu = options.serverCpuMs() - before;
  const completed = result.requests.total;
  return {
    unit: 'request',
    completed,
    perSecond: round(completed / options.durationSeconds, 0),
    latencyP50Ms: result.latency.p50,
    latencyP99Ms: result.latency.p99,
    cpuMsPerUnit: round(cpu / Math.max(completed, 1)),
    failed: result.non2xx + result.errors + result.timeouts + rejected,
  };
}

/** One whole sequence of calls by worker `worker`; rejects when a call fails. */
export type Sequence = (worker: number, iteration: number) => Promise<void>;

export async function runSequences(sequence: Sequence, options: LoadOptions): Promise<Figures> {
  const load = async (seconds: number) => {
    const latencies: number[] = [];
    let failed = 0;
    const end = performance.now() + seconds * 1000;
    const worker = async (index: number) => {
      for (let iteration = 0; performance.now() < end; iteration++) {
        const start = performance.now();
        try {
          await sequence(index, iteration);
          latencies.push(performance.now() - start);
        } catch (error) {
          failed += 1;
          if (failed === 1) console.error(error);
        }
      }
    };
    await Promise.all(Array.from({ length: options.connections }, (_, index) => worker(index)));
    return { latencies, failed };
  };
  if (options.warmupSeconds > 0) await load(options.warmupSeconds);
  const before = options.serverCpuMs();
  const start = performance.now();
  const { latencies, failed } = await load(options.durationSeconds);
  const seconds = (performance.now() - start) / 1000;
  const cpu = options.serverCpuMs() - before;
  latencies.sort((a, b) => a - b);
  const at = (q: number) => latencies[Math.min(latencies.length - 1, Math.floor(q * latencies.length))] ?? 0;
  return {
    unit: 'sequence',
    completed: latencies.length,
    perSecond: round(latencies.length / seconds, 1),
    latencyP50Ms: round(at(0.5), 1),
    latencyP99Ms: round(at(0.99), 1),
    cpuMsPerUnit: round(cpu / Math.max(latencies.length, 1)),
    failed,
  };
}
