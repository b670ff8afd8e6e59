import { execFileSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const root = resolve(import.meta.dirname, '..');
const apps = readdirSync(join(root, 'apps')).filter((app) =>
  existsSync(join(root, 'apps', app, 'drizzle.config.ts')),
);

// A schema change without its generated migration would pass every test on a fresh database built
// from the schema's migrations... except that there is no such migration: catch it here.
describe('committed migrations match the schemas', () => {
  it.each(apps)('%s', (app) => {
    const folder = join(root, 'apps', app);
    const scratch = mkdtempSync(join(tmpdir(), `actuate-migrations-${app}-`));
    try {
      cpSync(join(folder, 'src', 'db', 'migrations'), scratch, { recursive: true });
      const before = readdirSync(scratch).filter((file) => file.endsWith('.sql'));
      execFileSync(
        'npx',
        // drizzle-kit prefixes the output folder with './', so it must be relative.
        [
          'drizzle-kit',
          'generate',
          '--dialect',
          'postgresql',
          '--schema',
          './src/db/schema.ts',
          '--out',
          relative(folder, scratch),
        ],
        { cwd: folder, stdio: 'pipe' },
      );
      const after = readdirSync(scratch).filter((file) => file.endsWith('.sql'));
      expect(after, `run "npm run db:generate" for ${app}`).toEqual(before);
    } finally {
      rmSync(scratch, { recursive: true, force: true });
    }
  });
});
