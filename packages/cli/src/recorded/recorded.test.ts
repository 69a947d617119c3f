/**
 * The interface's recorded turns are what lug's real parts emit today: each is
 * recorded afresh and compared with the committed file. After a change to what
 * the core, the tools or approvals emit, record them again with
 * `npx vitest run src/recorded -u` (in packages/cli) and read the diff.
 */
import { describe, expect, it } from 'vitest';
import { recordTurn } from '../test-support/record-turn.js';
import { SCENARIOS } from '../test-support/recorded-scenarios.js';

const RECORDINGS = '../../../tui/src/test-support/recorded';

describe('the recorded turns the interface\'s tests replay', () => {
  for (const scenario of SCENARIOS) {
    it(`${scenario.name}: ${scenario.about}`, async () => {
      const recording = await recordTurn(scenario);
      // A turn that failed (a provider not built, a server that broke) is no recording of what the scheduler does.
      expect(recording.events.filter((e) => e.type === 'error')).toEqual([]);
      await expect(`${JSON.stringify(recording, null, 2)}\n`).toMatchFileSnapshot(`${RECORDINGS}/${scenario.name}.json`);
    });
  }
});
