/** :checkhealth names each part, never a key's value, and says what to do about a problem. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, mountApp } from './test-support/mount-app.js';
import { healthReport } from './checkhealth-command.js';

afterEach(() => cleanupApps());

describe(':checkhealth', () => {
  it('reports the configuration, keys (set or not, never their value), programs, the sandbox and the tools', () => {
    const t = mountApp({ extra: { startupErrors: ['init.lua:3: boom'] } });
    t.host.providers.register({ name: 'anthropic', create: () => Promise.reject(new Error('unused')) } as never);
    t.host.providers.register({ name: 'openai', create: () => Promise.reject(new Error('unused')) } as never);
    t.host.env.ANTHROPIC_API_KEY = 'sk-secret-value';
    const report = healthReport(t.controller);
    expect(report).toContain('WARNING init.lua:3: boom\n     → fix the file and line named');
    expect(report).toContain('OK anthropic: ANTHROPIC_API_KEY set (from the environment)');
    expect(report).toMatch(/WARNING openai: OPENAI_API_KEY or OPENAI_BASE_URL not set\n {5}→ export OPENAI_API_KEY=/);
    expect(report).not.toContain('sk-secret-value');
    expect(report).toMatch(/git: (git version|not found)/);
    expect(report).toMatch(/tools:\n {2}OK \d+ tools offered/);
  });

  it("reports the caller's parts after its own, each line with its fix", () => {
    const t = mountApp({
      extra: { health: () => [{ title: 'plugins', lines: [{ ok: true, text: 'read: built in' }, { ok: false, text: 'broken (lua plugin): boom', fix: 'fix the plugin, then :reload' }] }] },
    });
    const report = healthReport(t.controller);
    expect(report).toContain('plugins:\n  OK read: built in\n  WARNING broken (lua plugin): boom\n     → fix the plugin, then :reload');
    expect(report.indexOf('plugins:')).toBeLessThan(report.indexOf('tools:'));
  });
});
