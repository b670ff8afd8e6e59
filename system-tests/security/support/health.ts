/** Polls every app's /health while something runs: how often it failed or was slow, and the slowest answer. */
export interface HealthWatch {
  stop(): Promise<{ probes: number; failures: string[]; slowestMs: number }>;
}

export function watchHealth(urls: Record<string, string>, intervalMs = 250, slowMs = 2_000): HealthWatch {
  let running = true;
  let probes = 0;
  let slowestMs = 0;
  const failures: string[] = [];
  const loops = Object.entries(urls).map(async ([app, url]) => {
    while (running) {
      const started = performance.now();
      try {
        const response = await fetch(`${url}/health`, { signal: AbortSignal.timeout(slowMs) });
        await response.text();
        if (!response.ok) failures.push(`${app} /health answered ${response.status}`);
      } catch (error) {
        failures.push(`${app} /health did not answer within ${slowMs} ms (${String(error).slice(0, 80)})`);
      }
      probes++;
      slowestMs = Math.max(slowestMs, performance.now() - started);
      await new Promise((resolve) => setTimeout(resolve, intervalMs));
    }
  });
  return {
    async stop() {
      running = false;
      await Promise.all(loops);
      return { probes, failures, slowestMs: Math.round(slowestMs) };
    },
  };
}
