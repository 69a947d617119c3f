/**
 * How one transcript item looks: the user's prompt, a Markdown block, a tool
 * call line, an expanded result, or a notice (errors in red). The same view
 * draws items in the scrollback and in the live region.
 */
import React, { memo, useContext } from 'react';
import { Box, Text } from 'ink';
import { renderLightMarkdown } from './markdown-light.js';
import type { MarkdownRenderer } from './markdown.js';
import { ToolLine, ToolResult } from './tool-line.js';
import type { TranscriptItem } from './transcript-items.js';
import { reasoningLook } from './reasoning-view.js';
import { HighlightContext } from './highlight-context.js';
import { textProps } from './highlights.js';
import { sanitizeText, wrapRows } from './text-layout.js';

export interface TranscriptItemViewProps {
  item: TranscriptItem;
  width: number;
  markdown: MarkdownRenderer;
  now?: number;
  /** The call the dialog shows now; other asking calls wait their turn. */
  askingId?: string;
}

const NOTICE_GROUP = { info: 'notice_info', warn: 'notice_warn', error: 'notice_error' } as const;

function ItemBody({ item, width, markdown, now, askingId }: TranscriptItemViewProps) {
  const hl = useContext(HighlightContext);
  switch (item.kind) {
    case 'user':
      return (
        <Box>
          <Text {...textProps(hl.prompt)}>{'› '}</Text>
          <Text {...textProps(hl.prompt_text)}>{wrapRows(sanitizeText(item.text), width - 2)}</Text>
        </Box>
      );
    case 'markdown':
      return <Text>{markdown.render(sanitizeText(item.text), width)}</Text>;
    case 'reasoning': {
      const look = reasoningLook(item, width);
      return (
        <Box flexDirection="column">
          <Text {...textProps(hl.reasoning)} wrap="truncate-end">
            {look.header}
          </Text>
          {look.body ? (
            <Box marginLeft={2}>
              <Text {...textProps(hl.reasoning)}>{look.body}</Text>
            </Box>
          ) : null}
        </Box>
      );
    }
    case 'call':
      return <ToolLine call={item.call} width={width} now={now} askingId={askingId} />;
    case 'result':
      return <ToolResult call={item.call} width={width} />;
    case 'notice': {
      const text = item.markdown ? noticeMarkdown(markdown, sanitizeText(item.text), width - 2) : wrapRows(sanitizeText(item.text), width - 2);
      const mark = item.level === 'error' ? '✗ ' : item.level === 'warn' ? '! ' : '· ';
      const style = textProps(hl[NOTICE_GROUP[item.level]]);
      // An info line's text is plain; warnings and errors are coloured whole (a Markdown page keeps its own styling).
      const textStyle = item.markdown || item.level === 'info' ? {} : style;
      return (
        <Box>
          <Box width={2} flexShrink={0}>
            <Text {...style}>{mark}</Text>
          </Box>
          <Text {...textStyle}>{text}</Text>
        </Box>
      );
    }
  }
}

export const TranscriptItemView = memo(function TranscriptItemView(props: TranscriptItemViewProps) {
  return (
    <Box marginTop={props.item.gap ? 1 : 0} flexDirection="column" width={props.width}>
      <ItemBody {...props} />
    </Box>
  );
});

/** A Markdown notice: the interface's light ones (the no-model message) are drawn without marked until it is loaded (markdown-light.ts). */
function noticeMarkdown(markdown: MarkdownRenderer, text: string, width: number): string {
  return (markdown.ready() ? undefined : renderLightMarkdown(text, width)) ?? markdown.render(text, width);
}
