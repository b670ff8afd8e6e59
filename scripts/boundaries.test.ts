import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// The import boundaries of .dependency-cruiser.cjs. Violations that existed when the rules were written are
// listed in .dependency-cruiser-known-violations.json; the list may only shrink.
const root = resolve(import.meta.dirname, '..');
const folders = ['apps', 'packages', 'system-tests', 'e2e', 'bench', 'scripts'];
const knownFile = '.dependency-cruiser-known-violations.json';

function depcruise(...args: string[]) {
  const result = spawnSync(
    join(root, 'node_modules', '.bin', 'depcruise'),
    [...folders, '--config', '.dependency-cruiser.cjs', ...args],
    { cwd: root, encoding: 'utf8', timeout: 120_000 },
  );
  return { status: result.status, output: `${result.stdout}${result.stderr}` };
}

type Violation = { from: string; to: string; rule: { name: string } };
const key = (violation: Violation) => `${violation.rule.name}: ${violation.from} → ${violation.to}`;

describe('import boundaries', () => {
  it('no import crosses a forbidden boundary beyond the known list', () => {
    const { status, output } = depcruise('--ignore-known', knownFile, '--output-type', 'err');
    expect(output, output).not.toContain('error ');
    expect(status).toBe(0);
  });

  it('the known list holds only violations that still exist (fixed ones are removed)', () => {
    const { output } = depcruise('--output-type', 'baseline');
    const current = new Set((JSON.parse(output) as Violation[]).map(key));
    const known = (JSON.parse(readFileSync(join(root, knownFile), 'utf8')) as Violation[]).map(key);
    const fixed = known.filter((entry) => !current.has(entry));
    expect(fixed, `remove these from ${knownFile}`).toEqual([]);
  });
});
