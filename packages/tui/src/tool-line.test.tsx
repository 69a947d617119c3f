import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import type { CallView } from './call-views.js';
import { plain } from './test-support/ink.js';
import { ToolLine } from './tool-line.js';

afterEach(() => cleanup());

const denied = (patch: Partial<CallView>): CallView => ({ id: 'c1', tool: 'write', args: { path: 'x.txt' }, argsText: '{}', title: 'x.txt', state: 'denied', ...patch });

describe('ToolLine', () => {
  it('says a denial once: the user\'s is "denied by the user", a rule\'s "denied: why"', () => {
    expect(plain(render(<ToolLine call={denied({ reason: 'denied by the user' })} width={80} />).lastFrame())).toMatch(/write x\.txt\s+denied by the user/);
    expect(plain(render(<ToolLine call={denied({ summary: 'denied: denied by the user' })} width={80} />).lastFrame())).not.toContain('denied: denied');
    expect(plain(render(<ToolLine call={denied({ reason: 'no writes here' })} width={80} />).lastFrame())).toMatch(/denied: no writes here/);
  });
});
