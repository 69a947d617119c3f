import React from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { cleanup, render } from 'ink-testing-library';
import { Text } from 'ink';
import { createOptions } from '@lug/core';
import { HighlightContext, useHighlight } from './highlight-context.js';
import { HIGHLIGHT_GROUPS, resolveHighlights } from './highlights.js';
import { defineTuiOptions } from './options.js';

afterEach(() => cleanup());

function options() {
  const o = createOptions();
  defineTuiOptions(o);
  return o;
}

describe('the highlights option', () => {
  it('takes a style per group and keeps the default of the others', () => {
    const o = options();
    o.set('highlights', { prompt: { fg: 'magenta', bold: true }, status_auto: { fg: 'black', bg: '#ffaf00' } });
    const hl = resolveHighlights(o.get('highlights'));
    expect(hl.prompt).toEqual({ fg: 'magenta', bold: true });
    expect(hl.status_auto).toEqual({ fg: 'black', bg: '#ffaf00' });
    expect(hl.diff_add).toEqual(HIGHLIGHT_GROUPS.diff_add.default);
  });

  it('refuses an unknown group, naming the groups, and a colour it cannot draw, naming the colours', () => {
    const o = options();
    expect(() => o.set('highlights', { promt: { fg: 'red' } })).toThrow(/unknown highlight group "promt"; the groups are: prompt, prompt_text, reasoning/);
    expect(() => o.set('highlights', { prompt: { fg: 'purple' } })).toThrow(/highlight prompt\.fg must be a colour name \(black, red, .*\) or "#rrggbb", got "purple"/);
    expect(() => o.set('highlights', { prompt: { bold: 'yes' } })).toThrow(/highlight prompt\.bold must be true or false/);
    expect(() => o.set('highlights', { prompt: { colour: 'red' } })).toThrow(/unknown field "colour"; the fields are: fg, bg, bold, italic, underline, dim/);
    expect(o.get('highlights')).toBeNull();
  });
});

describe('useHighlight', () => {
  function Probe() {
    const props = useHighlight('prompt');
    return <Text>{JSON.stringify(props)}</Text>;
  }

  it("gives a group's ink props, from the styles the app provides", () => {
    const hl = resolveHighlights({ prompt: { fg: '#112233', underline: true } });
    const frame = render(
      <HighlightContext.Provider value={hl}>
        <Probe />
      </HighlightContext.Provider>,
    ).lastFrame();
    expect(frame).toContain('"color":"#112233"');
    expect(frame).toContain('"underline":true');
  });
});
