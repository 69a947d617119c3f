/** `lug` with no -p: the stock interface (and `lug --tutor`, the guided tour in a scratch project). */
import { stateDir, type LugHost } from '@lug/core';
import { fileURLToPath } from 'node:url';
import type { CliArgs } from './args.js';
import { composeLug, type StartupOptions } from './compose.js';
import { healthSections } from './health.js';
import { settleHeapSoon } from './settle-heap.js';
import { saveTurnsOnSignals } from './signal-ending.js';
import { VERSION } from './version.js';

/**
 * ink draws only a final frame when CI or CONTINUOUS_INTEGRATION is set (is-in-ci,
 * read once when ink loads). A person at a terminal gets the full interface even
 * where those are set (a dev container, a CI debug shell); the programs lug runs
 * still see them.
 */
async function importInterface(): Promise<typeof import('@lug/tui')> {
  const keys = ['CI', 'CONTINUOUS_INTEGRATION'] as const;
  const saved = keys.map((k) => [k, process.env[k]] as const);
  if (process.stdout.isTTY) for (const k of keys) delete process.env[k];
  try {
    return await import('@lug/tui');
  } finally {
    for (const [k, v] of saved) if (v !== undefined) process.env[k] = v;
  }
}

export async function runInterface(args: CliArgs, cwd: string, env: NodeJS.ProcessEnv, startup: StartupOptions = {}): Promise<number> {
  const tui = await importInterface();
  // The tour (tutor.ts) and the scripted provider it plays load only for lug --tutor.
  const tutor = args.tutor ? await import('./tutor.js') : undefined;
  const tutorProject = tutor?.createTutorProject();
  try {
    const lug = await composeLug({ ...startup, cwd: tutorProject?.dir ?? cwd, env, args, interactive: true });
    // SIGTERM and SIGHUP (the terminal closed): the running turn is cancelled and saved, its checkpoint too, then lug ends by the signal.
    const signals = saveTurnsOnSignals([lug]);
    await tui.startTui({
      host: lug.host,
      session: lug.session,
      approvals: lug.approvals,
      lua: lug.lua,
      stateDir: stateDir(env),
      version: VERSION,
      startupErrors: lug.autoRefused ? [...lug.startupErrors, `auto mode is refused: ${lug.approvals.autoRefusal()}. lug starts in policy mode`] : lug.startupErrors,
      startupNotices: lug.sessionNotices,
      store: lug.store,
      checkpoints: lug.checkpoints,
      loadingCommands: lug.startWorkflows,
      health: () => healthSections(lug),
      docsDir: fileURLToPath(new URL('../docs/', import.meta.url)),
      beforeStart: (controller) => {
        // A server's prompt (:mcp__server__prompt) goes to the model as if typed.
        lug.mcp.submitPrompt = (text) => controller.submit(text);
        if (tutor) return tutor.installTutor(controller);
      },
      // The provider's SDK, the HTTP client and the tools get ready while the first prompt is typed: a lug left idle does not hold them.
      whileTyping: lug.warmProvider,
      onFirstFrame: () => {
        settleHeapSoon(startup.setV8Flags, () => lug.session.running);
        // The code caches of what the first turn loaded (the Markdown renderer, the SDK), written once it is over.
        saveCachesAfterFirstTurn(lug.host, startup);
        // The stock Lua workflows (todo, plan, prompts, skills, agents) load now; a turn waits for them.
        void lug.startWorkflows();
        // MCP servers' client loads after the first screen too: the screen never waits for it.
        lug.startMcp();
        // Old checkpoints pruned, then the files' first state hashed, while the user types the first prompt.
        lug.checkpoints.pruneSoon();
        lug.checkpoints.warmSoon();
      },
    });
    signals.stop();
    // Quitting ends everything lug started, even what still holds the event
    // loop (an SDK's keep-alive socket, a plugin's timer).
    const { killAllProcesses } = await import('@lug/tools');
    await killAllProcesses();
    // process.exit skips the finally below: the tour's scratch project goes first.
    tutorProject?.remove();
    return process.exit(0);
  } finally {
    tutorProject?.remove();
  }
}

/** How long after the first turn's end its code caches are written: its last frame is drawn by then. */
const SAVE_CACHES_AFTER_TURN_MS = 300;

/** startup.saveCodeCaches a moment after the first turn ends: an idle moment, and what the turn ran is compiled. */
function saveCachesAfterFirstTurn(host: LugHost, startup: StartupOptions): void {
  const save = startup.saveCodeCaches;
  if (!save) return;
  const off = host.events.on('turn_end', () => {
    off();
    setTimeout(save, SAVE_CACHES_AFTER_TURN_MS).unref();
  });
}
