import { spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// Checks that keep the code readable for the next person (docs/architecture.md §2).
const root = resolve(import.meta.dirname, '..');

/** A source file longer than this must say why in a `long-file:` comment near its top. */
const MAX_LINES = 500;
const TEST_FILE =
  /(\.test|\.int\.test|\.e2e|\.browser\.test)\.tsx?$|\/testing\/|\/browser-tests\/|^(e2e|system-tests|bench)\//;

describe('code health', () => {
  it('knip finds no unused file, export, type or dependency (knip.json)', () => {
    const result = spawnSync(
      join(root, 'node_modules', '.bin', 'knip'),
      ['--no-progress', '--reporter', 'compact'],
      {
        cwd: root,
        encoding: 'utf8',
        timeout: 180_000,
      },
    );
    const output = `${result.stdout}${result.stderr}`;
    expect(output.trim(), output).toBe('');
    expect(result.status).toBe(0);
  });

  it(`no source file is longer than ${MAX_LINES} lines without a stated reason`, () => {
    const files = spawnSync('git', ['ls-files', '*.ts', '*.tsx', '*.mjs'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter((file) => file && !TEST_FILE.test(file));
    const tooLong = files.filter((file) => {
      const text = readFileSync(join(root, file), 'utf8');
      const lines = text.split('\n').length;
      return lines > MAX_LINES && !text.split('\n', 15).some((line) => line.includes('long-file:'));
    });
    expect(tooLong, 'split these by concern, or state why they are long in a `long-file:` comment').toEqual(
      [],
    );
  });

  it('every relative link in a Markdown file resolves inside the repository', () => {
    const documents = spawnSync('git', ['ls-files', '*.md'], { cwd: root, encoding: 'utf8' })
      .stdout.split('\n')
      .filter(Boolean);
    const broken: string[] = [];
    for (const document of documents) {
      const text = readFileSync(join(root, document), 'utf8');
      for (const [, link = ''] of text.matchAll(/\]\(([^)\s]+)\)/g)) {
        const path = link.split('#')[0] ?? '';
        if (!path || /^(https?:|mailto:)/.test(link)) continue;
        const target = resolve(root, dirname(document), path);
        if (!target.startsWith(root) || !existsSync(target)) broken.push(`${document}: ${link}`);
      }
    }
    expect(broken).toEqual([]);
  });
});
