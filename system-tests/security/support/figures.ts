import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { ROOT } from '../../../scripts/stack.mjs';
import { REPORT_MODE } from './mode.ts';

/**
 * The figures of a run, merged file by file into one machine-written JSON: artifacts/security-figures.json,
 * and in report mode bench/security/figures.json (the source of bench/security/REPORT.md).
 */
const FILE = REPORT_MODE
  ? join(ROOT, 'bench', 'security', 'figures.json')
  : join(ROOT, 'artifacts', 'security-figures.json');

export function recordFigures(section: string, figures: unknown): void {
  let all: Record<string, unknown> = {};
  try {
    all = JSON.parse(readFileSync(FILE, 'utf8')) as Record<string, unknown>;
  } catch {
    // first section of the run
  }
  all.mode = REPORT_MODE ? 'report' : 'ci';
  all[section] = { ...(figures as object), recordedAt: new Date().toISOString() };
  mkdirSync(dirname(FILE), { recursive: true });
  writeFileSync(FILE, `${JSON.stringify(all, null, 2)}\n`);
}

/** A fixed-width table for the console. */
export function table(rows: readonly Record<string, string | number>[]): string {
  if (rows.length === 0) return '(no rows)';
  const columns = Object.keys(rows[0] as object);
  const width = (column: string) => Math.max(column.length, ...rows.map((row) => String(row[column]).length));
  const line = (cells: string[]) => cells.join('  ');
  return [
    line(columns.map((column) => column.padEnd(width(column)))),
    ...rows.map((row) => line(columns.map((column) => String(row[column]).padEnd(width(column))))),
  ].join('\n');
}
