/**
 * ripgrep made ready before its first search (a tool's `warm`, run while the
 * first model request is in flight): the binary located, the ignore rules of
 * the project read, and one `rg --version` started and read through
 * runProcess, which takes the first process start (Node's cold code for
 * spawn, pipes and streams) off the first call. tools/bench/first-call.mjs:
 * the first grep of a process 23.2 ms against 8.8 ms for the second cold,
 * 10.5 against 10.1 warmed. Once a process; a failure is kept and given to
 * each caller, who says it.
 */
import { ripgrepIgnoreArgs } from '../ignore/ripgrep-ignore-args.js';
import { runProcess } from '../process/run-process.js';
import { locateRipgrep } from './locate-ripgrep.js';

let warmed: Promise<void> | undefined;

export function warmRipgrep(cwd: string): Promise<void> {
  warmed ??= (async () => {
    const rg = await locateRipgrep();
    await ripgrepIgnoreArgs(cwd);
    const r = await runProcess([rg, '--version'], { cwd, timeoutSecs: 10, startsNoProcesses: true });
    if (r.code !== 0) throw new Error(`${rg} --version exited with ${r.code ?? r.signal}: ${r.stderr.trim()}`);
  })();
  return warmed;
}
