/**
 * The approval mode lives in the core options store (option `approval`), so
 * `lug.opt.approval = "off"`, `--auto` and `:auto` all change the same value.
 * Auto mode is `off`; toggling it back restores the mode it replaced. Every
 * change, however it was made, is a `mode_change` event for the status line.
 * While auto mode is refused (the configuration failed to load, so rules may
 * be missing), toggling it on throws an `AutoModeRefused` that says why.
 */
import type { ApprovalMode, LugHost } from '@lug/core';

/** Auto mode was asked for while it is refused; the message says why and what lifts it. */
export class AutoModeRefused extends Error {
  override name = 'AutoModeRefused';
}

export class ApprovalModes {
  /** Why auto mode is refused, while it is. */
  private refusal: string | undefined;
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
    if (this.refusal !== undefined && !this.isAuto()) throw new AutoModeRefused(`auto mode is refused: ${this.refusal}`);
    this.host.options.set('approval', this.isAuto() ? (this.replaced ?? 'policy') : 'off');
  }

  /**
   * Refuse auto mode from now on, saying `reason`; if it is on (`approval` "off"),
   * approval becomes "policy". The process keeps the refusal: a configuration
   * that loads again comes with a new process.
   */
  refuseAuto(reason: string): void {
    this.refusal = reason;
    if (this.isAuto()) this.host.options.set('approval', 'policy');
  }

  autoRefusal(): string | undefined {
    return this.refusal;
  }

  dispose(): void {
    this.unsubscribe();
  }
}
