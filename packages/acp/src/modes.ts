/**
 * lug's approval modes as ACP session modes: `policy` (lug's rules, then each
 * tool's default), `all` (every call asks) and `auto` (approval "off":
 * nothing asks, a rule's deny still denies), and after them the modes plugins
 * add (`host.modes`: the stock plan workflow's `plan`). The approval mode is
 * the `approval` option, so the editor, `lug.opt.approval` in init.lua and
 * `--auto` change one value. A plugin's mode, while on, is the session's mode;
 * choosing an approval mode lifts it. Every change reaches the editor as
 * `current_mode_update`.
 */
import type { SessionMode, SessionModeState } from '@agentclientprotocol/sdk';
import type { AgentModes, ApprovalMode } from '@lug/core';

export type ModeId = 'policy' | 'all' | 'auto';

export const SESSION_MODES: readonly SessionMode[] = Object.freeze([
  { id: 'policy', name: 'Policy', description: "lug's rules decide; a call no rule allows asks if its tool asks by default" },
  { id: 'all', name: 'Ask always', description: 'every call asks, except what a rule denies or a tool allowed always' },
  { id: 'auto', name: 'Auto', description: 'nothing asks; a rule that denies still denies' },
]);

const APPROVAL_OF: Record<ModeId, ApprovalMode> = { policy: 'policy', all: 'all', auto: 'off' };

export function modeIdOf(mode: ApprovalMode): ModeId {
  return mode === 'off' ? 'auto' : mode;
}

/** The approval mode for a mode id, or an error saying which ids there are (the plugins' modes too, when given). */
export function approvalModeOf(modeId: string, modes?: AgentModes): ApprovalMode {
  if (!Object.hasOwn(APPROVAL_OF, modeId)) {
    const ids = [...SESSION_MODES.map((m) => m.id), ...(modes?.list().map((m) => m.id) ?? [])];
    throw new RangeError(`unknown mode ${JSON.stringify(modeId)}; lug's modes are ${ids.join(', ')}`);
  }
  return APPROVAL_OF[modeId as ModeId];
}

/** The session's mode: a plugin's while it is on, else the approval mode's. */
export function currentModeId(mode: ApprovalMode, modes: AgentModes): string {
  return modes.current() ?? modeIdOf(mode);
}

export function modeState(mode: ApprovalMode, modes: AgentModes): SessionModeState {
  const added = modes.list().map(({ id, name, description }) => ({ id, name, description }));
  return { currentModeId: currentModeId(mode, modes), availableModes: [...SESSION_MODES.map((m) => ({ ...m })), ...added] };
}
