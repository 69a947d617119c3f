/**
 * Records what lug's real parts emit for one turn: the real core (Session,
 * scheduler, agent loop), the six stock tool plugins, the real approvals and
 * the OpenAI provider talking to @lug/testing's scripted model server. The
 * interface's tests replay these recordings instead of events written by
 * hand, and src/recorded/recorded.test.ts fails when a committed recording differs from a
 * fresh one, so they cannot drift from what the scheduler really emits.
 *
 * What varies from run to run is made fixed: the temporary project directory
 * is written /project, durations are 0, the session id is "session-1".
 */
import { mkdirSync, mkdtempSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { createHostWithApprovals, type ApprovalCall, type Approvals, type DialogAnswer } from '@lug/approvals';
import { loadPlugin, Session, type ApprovalMode, type LugEvent, type LugHost, type Message } from '@lug/core';
import { startScriptedServer, type Scenario } from '@lug/testing';
import { STOCK_PLUGINS } from '../compose.js';
import { registerStockProviders } from '../providers.js';

export interface RecordingContext {
  host: LugHost;
  approvals: Approvals;
  session: Session;
  /** The project directory (real path). */
  dir: string;
}

export interface TurnScenario {
  /** The recording's file name, without .json. */
  name: string;
  /** What the recording shows, for whoever reads the file. */
  about: string;
  prompt: string;
  /** The model's answers, one per request: each step should give its usage, so no count depends on the date in the system prompt. */
  script: Scenario;
  /** Files of the project, by relative path. */
  files?: Record<string, string>;
  /** Default 'policy'. */
  mode?: ApprovalMode;
  /** Default 1, so calls run one after another and the order of events is the same every time. */
  concurrency?: number;
  /** How a person answers the dialog; without it, nobody is there (headless: a call that asks is refused). */
  answer?: (call: ApprovalCall) => DialogAnswer;
  /** Rules, listeners: anything the scenario needs before the turn. */
  prepare?(ctx: RecordingContext): void;
}

export interface Recording {
  about: string;
  prompt: string;
  /** Every event of the turn, in order, from turn_start to turn_end. */
  events: LugEvent[];
  /** The conversation as the session holds it afterwards (what :resume replays). */
  messages: Message[];
}

/** Strings with the project directory written /project; durations 0; the session id fixed. */
function normalise<T>(value: T, dir: string): T {
  const walk = (v: unknown, key?: string): unknown => {
    if (typeof v === 'string') return v.split(dir).join('/project');
    if (typeof v === 'number' && key === 'durationMs') return 0;
    if (Array.isArray(v)) return v.map((x) => walk(x));
    if (v && typeof v === 'object') {
      return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, k === 'sessionId' ? 'session-1' : walk(x, k)]));
    }
    return v;
  };
  return walk(value) as T;
}

export async function recordTurn(scenario: TurnScenario): Promise<Recording> {
  const dir = realpathSync(mkdtempSync(join(tmpdir(), 'lug-record-')));
  const server = await startScriptedServer(scenario.script);
  try {
    for (const [file, text] of Object.entries(scenario.files ?? {})) {
      mkdirSync(dirname(join(dir, file)), { recursive: true });
      writeFileSync(join(dir, file), text);
    }
    const home = join(dir, '.home');
    const env = { PATH: process.env.PATH, HOME: home, XDG_STATE_HOME: join(home, 'state'), XDG_CONFIG_HOME: join(home, 'config'), OPENAI_API_KEY: 'test-key', OPENAI_BASE_URL: server.openaiBaseUrl };
    const { host, approvals } = createHostWithApprovals({ cwd: dir, env, interactive: !!scenario.answer }, { logPath: join(home, 'approvals.log') });
    for (const plugin of STOCK_PLUGINS) await loadPlugin(host, plugin);
    registerStockProviders(host);
    host.options.set('model', 'openai/test-model');
    host.options.set('tool_concurrency', scenario.concurrency ?? 1);
    host.options.set('approval', scenario.mode ?? 'policy');
    if (scenario.answer) {
      const answer = scenario.answer;
      approvals.queue.onChange(() => {
        const waiting = approvals.queue.current();
        if (waiting) queueMicrotask(() => approvals.queue.answer(waiting.call.id, answer(waiting.call)));
      });
    }
    const session = new Session(host);
    scenario.prepare?.({ host, approvals, session, dir });
    const events: LugEvent[] = [];
    host.events.onAny((e) => events.push(structuredClone(e)));
    await session.submit(scenario.prompt);
    approvals.dispose();
    return normalise({ about: scenario.about, prompt: scenario.prompt, events, messages: structuredClone([...session.messages]) }, dir);
  } finally {
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  }
}
