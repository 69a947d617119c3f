/** :messages keeps the session's notices. */
import { afterEach, describe, expect, it } from 'vitest';
import { cleanupApps, mountApp, waitFor } from './test-support/mount-app.js';
import { KEY } from './test-support/ink.js';

afterEach(() => cleanupApps());

describe(':messages', () => {
  it('shows the errors, warnings and notices of the session again, not the listings', async () => {
    const t = mountApp();
    t.host.ui.notify('from lua', 'warn');
    await t.type(':expand x', KEY.enter);
    await t.type(':map', KEY.enter);
    await t.type(':messages', KEY.enter);
    await waitFor(() => t.frame().includes('Messages of this session'));
    const listing = t.frame().slice(t.frame().lastIndexOf('Messages of this session'));
    expect(listing).toContain('warning: from lua');
    expect(listing).toMatch(/error: .*is not a count/);
    expect(listing).not.toContain('Key bindings');
  });

  it('forgets them with :messages clear', async () => {
    const t = mountApp();
    t.host.ui.notify('old news', 'info');
    await t.type(':messages clear', KEY.enter);
    await t.type(':messages', KEY.enter);
    await waitFor(() => t.frame().includes('no messages yet'));
  });
});
