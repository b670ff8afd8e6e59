import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ROOT } from '../../../scripts/stack.mjs';

/** Merges this suite's figures into bench/security/crash-results.json under `name`. */
export function writeResults(name: string, result: unknown) {
  const folder = join(ROOT, 'bench', 'security');
  mkdirSync(folder, { recursive: true });
  const file = join(folder, 'crash-results.json');
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    // first run
  }
  writeFileSync(file, `${JSON.stringify({ ...all, [name]: result }, null, 2)}\n`);
}
