import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { ROOT } from '../../../scripts/stack.mjs';
import { REPORT_MODE } from './mode.ts';
import { STACK_SECRETS } from './secrets.ts';
import { startSecurityStack } from './stack.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    securityUrls: Record<string, string>;
  }
}

/**
 * Starts the backend apps once for the whole security run (fresh embedded databases, demo world) and stops
 * them afterwards; the test files read the URLs with inject('securityUrls'). SECURITY_STACK_URLS (JSON of app
 * name → base URL) points the suite at a stack that is already running instead.
 */
export default async function setup(project: TestProject) {
  rmSync(join(ROOT, REPORT_MODE ? 'bench/security/figures.json' : 'artifacts/security-figures.json'), {
    force: true,
  });
  // While writing tests: reuse a stack started by hand (JSON of app name → URL); it is not stopped.
  if (process.env.SECURITY_STACK_URLS) {
    project.provide('securityUrls', JSON.parse(process.env.SECURITY_STACK_URLS) as Record<string, string>);
    return () => {};
  }
  const stack = await startSecurityStack({ env: { ...STACK_SECRETS } });
  project.provide('securityUrls', stack.urls);
  return () => stack.stop();
}
