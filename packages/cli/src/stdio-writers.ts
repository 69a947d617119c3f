/**
 * The writers of `lug -p` and lug's commands: standard output and error.
 *
 * A reader may go before lug is done (`lug -p … | head -1`, a `jq` that
 * failed): Node then reports the failed write as an 'error' event on the
 * stream, and with no one listening lug died of it mid-task, with a stack
 * trace, its turn cut short. A stream whose reader has gone gets nothing more
 * instead, and the run goes on to its end (its files, its session file, its
 * exit status), as `lug --help | head -1` does in bin/lug.js.
 */
import type { Writers } from './headless-printer.js';

/** Writes to `stream` until it fails; the first failure is listened for from the first write on. */
function streamWriter(stream: NodeJS.WriteStream, onFailure: (err: NodeJS.ErrnoException) => void): (text: string) => void {
  let listening = false;
  let gone = false;
  return (text) => {
    if (gone) return;
    if (!listening) {
      listening = true;
      stream.on('error', (err: NodeJS.ErrnoException) => {
        gone = true;
        onFailure(err);
      });
    }
    stream.write(text);
  };
}

export function stdioWriters(): Writers {
  const stderr = streamWriter(process.stderr, () => {});
  // A reader that went is no news; any other failure of standard output is said where it can be.
  const stdout = streamWriter(process.stdout, (err) => {
    if (err.code !== 'EPIPE') stderr(`lug: standard output failed (${err.message}); nothing more is written there\n`);
  });
  return { stdout, stderr };
}
