/**
 * ripgrep made ready before its first search (a tool's `warm`, run while lug
 * is idle): the binary located, and one `rg --version` started and read
 * through runProcess, which takes the first process start (Node's cold code
 * for spawn, pipes and streams) off the first call. tools/bench/first-call.mjs:
 * the first grep of a process 23.7 ms against 9.8 ms for the second cold,
 * 10.7 against 11.1 warmed. Once a process; a failure is kept and given to
 * each caller, who says it.
 */
import { runProcess } from '../process/run-process.js';
import { locateRipgrep } from './locate-ripgrep.js';

let warmed: Promise<void> | undefined;

export function warmRipgrep(): Promise<void> {
  warmed ??= (async () => {
    const rg = await locateRipgrep();
    // Started in / rather than the project: the warm-up is once a process, and a project directory that is
    // gone (an editor's session in a removed directory) would otherwise fail it for every other host.
    const r = await runProcess([rg, '--version'], { cwd: '/', timeoutSecs: 10, startsNoProcesses: true });
    if (r.code !== 0) throw new Error(`${rg} --version exited with ${r.code ?? r.signal}: ${r.stderr.trim()}`);
  })();
  return warmed;
}
