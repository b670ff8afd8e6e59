// Preloaded with `--import` (NODE_OPTIONS may not carry --cpu-prof): profiles the whole process with
// the inspector and writes a .cpuprofile into BENCH_CPU_PROF_DIR when the process exits.
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';
import { join } from 'node:path';

const folder = process.env.BENCH_CPU_PROF_DIR;
if (folder) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable', () => session.post('Profiler.start'));
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    session.post('Profiler.stop', (error, answer) => {
      if (!error)
        writeFileSync(
          join(folder, `${process.pid}-${process.title}.cpuprofile`),
          JSON.stringify(answer.profile),
        );
    });
  };
  // The inspector answers synchronously within the same tick, so the profile is written before exit.
  process.on('exit', write);
}
