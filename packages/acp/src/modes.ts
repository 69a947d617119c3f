/**
 * lug's approval modes as ACP session modes: `policy` (lug's rules, then each
 * tool's default), `all` (every call asks) and `auto` (approval "off":
 * nothing asks, a rule's deny still denies). The mode is the `approval`
 * option, so the editor, `lug.opt.approval` in init.lua and `--auto` change
 * one value, and every change reaches the editor as `current_mode_update`.
 */
import type { SessionMode, SessionModeState } from '@agentclientprotocol/sdk';
import type { ApprovalMode } from '@lug/core';

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

/** The approval mode for a mode id, or an error saying which ids there are. */
export function approvalModeOf(modeId: string): ApprovalMode {
  if (!Object.hasOwn(APPROVAL_OF, modeId)) {
    throw new RangeError(`unknown mode ${JSON.stringify(modeId)}; lug's modes are ${SESSION_MODES.map((m) => m.id).join(', ')}`);
  }
  return APPROVAL_OF[modeId as ModeId];
}

export function modeState(mode: ApprovalMode): SessionModeState {
  return { currentModeId: modeIdOf(mode), availableModes: SESSION_MODES.map((m) => ({ ...m })) };
}
