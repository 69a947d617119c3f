/**
 * Waiting in a test for the state it checks, with a deadline: never a sleep
 * that hopes the state came (a loaded machine makes it late). `pollUntil`
 * says whether it came, for a test that asserts it; `waitUntil` throws,
 * naming what did not come, for a step the rest of the test needs.
 */

/** True as soon as `check` holds, false if it still does not at the deadline (checked once more then). */
export async function pollUntil(check: () => boolean, ms = 5000, everyMs = 25): Promise<boolean> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (check()) return true;
    await new Promise((r) => setTimeout(r, everyMs));
  }
  return check();
}

/** Resolves once `check` holds; past `ms`, throws "timed out waiting for WHAT". */
export async function waitUntil(check: () => boolean, what: string, ms = 20_000, everyMs = 25): Promise<void> {
  if (!(await pollUntil(check, ms, everyMs))) throw new Error(`timed out waiting for ${what}`);
}
