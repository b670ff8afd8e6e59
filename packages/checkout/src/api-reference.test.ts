// @vitest-environment node
import { fileURLToPath } from 'node:url';
import { Application, LogLevel } from 'typedoc';
import { expect, it } from 'vitest';

/**
 * The API reference (`npm run docs`, typedoc.json) in validation mode without output: every public
 * export of "." and "./react" is documented, exported and linked, or this fails with typedoc's list.
 * About 20 s of CPU (it type-checks the whole package).
 */
it('documents every public export (typedoc validation)', async () => {
  const packageRoot = fileURLToPath(new URL('..', import.meta.url));
  const cwd = process.cwd();
  process.chdir(packageRoot);
  try {
    const messages: string[] = [];
    const app = await Application.bootstrapWithPlugins({ options: 'typedoc.json', logLevel: LogLevel.Warn });
    const log = app.logger.log.bind(app.logger);
    app.logger.log = (message, level) => {
      if (level >= LogLevel.Warn) messages.push(String(message));
      log(message, level);
    };
    const project = await app.convert();
    expect(project, 'typedoc could not convert the entry points').toBeDefined();
    if (project) app.validate(project);
    expect(messages).toEqual([]);
    expect(app.logger.hasErrors() || app.logger.hasWarnings()).toBe(false);
  } finally {
    process.chdir(cwd);
  }
}, 240_000);
