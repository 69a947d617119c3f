/**
 * Work that must not hold back a request just started: run it once the
 * request has gone out. A turn's request is built and handed to the HTTP
 * client in promise callbacks, in the same turn of the event loop as the
 * prompt's Enter; on a connection already open it is written then too, and on
 * a new one when the connection opens, in an I/O phase of the loop. Two
 * `setImmediate`s later is after the next I/O phase: on the loopback (the
 * connection opens at once) the request is out by then; on a real network
 * the work runs while the connection is made (DNS, TCP, TLS: round trips
 * during which the main thread has nothing else to do).
 *
 * Measured (sent-with-Enter first turns, the request's write marked): the
 * Markdown renderer's load and ripgrep's warm-up ran before the first
 * request, which reached the server ~75 ms after Enter against ~9 ms in
 * later turns.
 */
export function afterRequestGoesOut(fn: () => void): void {
  setImmediate(() => setImmediate(fn));
}
