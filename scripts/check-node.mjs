// Runs before `npm start` and `npm test` (prestart, pretest): stops at once, with a plain message,
// on a Node.js older than the root package.json's "engines" (the lowest version every dependency
// supports) rather than failing later in some dependency. No imports beyond Node's own: it runs
// before anything is installed.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';

const root = resolve(import.meta.dirname, '..');
const wanted = JSON.parse(readFileSync(resolve(root, 'package.json'), 'utf8')).engines.node;
const minimum = /^>=\s*(\d+)\.(\d+)\.(\d+)$/.exec(wanted);
if (!minimum) throw new Error(`scripts/check-node.mjs reads only ">=X.Y.Z" engines, not "${wanted}"`);

const parts = (version) => version.split('.').map(Number);
const [major, minor, patch] = parts(process.versions.node);
const [needMajor, needMinor, needPatch] = minimum.slice(1).map(Number);
const tooOld =
  major !== needMajor ? major < needMajor : minor !== needMinor ? minor < needMinor : patch < needPatch;
if (tooOld) {
  console.error(
    `Actuate needs Node.js ${needMajor}.${needMinor}.${needPatch} or newer (package.json "engines"); ` +
      `this is ${process.version}. See .nvmrc; .ci/run shows how to fetch one from the npm registry.`,
  );
  process.exit(1);
}
