/**
 * The approval mode lives in the core options store (option `approval`), so
 * `lug.opt.approval = "off"`, `--auto` and `:auto` all change the same value.
 * Auto mode is `off`; toggling it back restores the mode it replaced. Every
 * change, however it was made, is a `mode_change` event for the status line.
 */
import type { ApprovalMode, LugHost } from '@lug/core';

export class ApprovalModes {
  /** The mode that auto mode replaced; unknown when lug started in "off". */
  private replaced: ApprovalMode | undefined;
  private readonly unsubscribe: () => void;

  constructor(private readonly host: LugHost) {
    this.unsubscribe = host.options.onChange((name, value, previous) => {
      if (name !== 'approval') return;
      const from = previous as ApprovalMode;
      const to = value as ApprovalMode;
      if (to === 'off') this.replaced = from;
      host.events.emit('mode_change', { from, to, auto: to === 'off' });
    });
  }

  mode(): ApprovalMode {
    return this.host.options.get<ApprovalMode>('approval');
  }

  isAuto(): boolean {
    return this.mode() === 'off';
  }

  /** On: "off", remembering the mode it replaced. Off: that mode, or "policy" when lug started in "off". */
  toggleAuto(): void {
    this.host.options.set('approval', this.isAuto() ? (this.replaced ?? 'policy') : 'off');
  }

  dispose(): void {
    this.unsubscribe();
  }
}
