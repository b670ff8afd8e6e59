// `npm test`: lint, type-check, unit and integration tests (PGlite always, PostgreSQL too when
// TEST_DATABASE_URL is set) and the browser tests. Ends with a plain "N passed, N failed" line.
// `npm test -- --only unit,e2e` runs a subset (steps: lint, types, unit, security, e2e, packaging).
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const onlyIndex = process.argv.indexOf('--only');
const only = onlyIndex > 0 ? new Set(process.argv[onlyIndex + 1].split(',')) : undefined;
const wanted = (step) => !only || only.has(step);
const reports = join(root, 'artifacts', 'test-reports');
mkdirSync(reports, { recursive: true });

const totals = { passed: 0, failed: 0, skipped: 0 };
const failures = [];
/** Minutes per step, printed at the end: where a slow CI run spent its time. */
const timings = [];

const minutesSince = (started) => ((Date.now() - started) / 60_000).toFixed(1);

function run(name, command, args) {
  const started = Date.now();
  const { status } = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  timings.push(`${name}: ${minutesSince(started)} min`);
  return status === 0;
}

/** A whole-tree check (lint, types) counts as one test. */
function check(name, command, args) {
  console.log(`\n▶ ${name}`);
  if (run(name, command, args)) totals.passed += 1;
  else {
    totals.failed += 1;
    failures.push(name);
  }
}

function vitest(name, args) {
  console.log(`\n▶ ${name}`);
  const outputFile = join(reports, `${name}.json`);
  const succeeded = run(name, 'npx', [
    'vitest',
    'run',
    ...args,
    '--reporter=default',
    '--reporter=json',
    `--outputFile=${outputFile}`,
  ]);
  if (!existsSync(outputFile)) {
    totals.failed += 1;
    failures.push(`${name} (the runner crashed)`);
    return;
  }
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  totals.passed += report.numPassedTests;
  totals.failed += report.numFailedTests;
  totals.skipped += report.numPendingTests + report.numTodoTests;
  // A suite that fails to load has no failed tests but must still fail the run.
  if (!succeeded && report.numFailedTests === 0) {
    totals.failed += 1;
    failures.push(`${name} (a test file failed to load)`);
  } else if (report.numFailedTests > 0) failures.push(name);
}

if (wanted('lint')) check('lint', 'npx', ['biome', 'ci', '.']);
if (wanted('types')) check('types', 'npm', ['run', 'typecheck', '--silent']);
if (wanted('unit') || wanted('e2e') || wanted('packaging')) {
  // The gateway serves the widget's built standalone (checkoutshopper/sdk/<version>/, tested in the unit
  // and browser steps); packaging packs dist. Skipped when dist/ is up to date.
  const { buildCheckoutIfStale } = await import('./stack.mjs');
  const started = Date.now();
  try {
    buildCheckoutIfStale();
    timings.push(`widget build: ${minutesSince(started)} min`);
  } catch (error) {
    totals.failed += 1;
    failures.push(`widget package build (${error.message})`);
  }
}
if (wanted('unit')) vitest('unit-and-integration', []);
if (wanted('security')) vitest('security', ['--config', 'system-tests/vitest.security.config.ts']);
if (wanted('e2e')) {
  const { buildStorefrontIfStale } = await import('./stack.mjs');
  const started = Date.now();
  try {
    buildStorefrontIfStale();
    timings.push(`storefront build: ${minutesSince(started)} min`);
    vitest('browser', ['--config', 'e2e/vitest.config.ts']);
    vitest('widget-browser', ['--config', 'system-tests/vitest.widget-browser.config.ts']);
  } catch (error) {
    totals.failed += 1;
    failures.push(`browser (storefront build failed: ${error.message})`);
  }
}

// The widget package installed from its tarball into three fresh projects (system-tests/packaging).
if (wanted('packaging')) vitest('packaging', ['--config', 'system-tests/vitest.packaging.config.ts']);

console.log(`\nTime per step:\n  ${timings.join('\n  ')}`);
console.log('');
if (failures.length > 0) console.log(`Failed: ${failures.join(', ')}`);
console.log(`${totals.passed} passed, ${totals.failed} failed, ${totals.skipped} skipped`);
process.exit(totals.failed > 0 ? 1 : 0);
