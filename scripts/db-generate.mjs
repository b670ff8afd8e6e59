// Generates the SQL migrations of every app whose schema changed: `npm run db:generate -- --name what_changed`.
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

const extra = process.argv.slice(2);
for (const app of readdirSync('apps')) {
  const folder = join('apps', app);
  if (!existsSync(join(folder, 'drizzle.config.ts'))) continue;
  console.log(`\n▶ ${app}`);
  execFileSync('npx', ['drizzle-kit', 'generate', ...extra], { cwd: folder, stdio: 'inherit' });
}
