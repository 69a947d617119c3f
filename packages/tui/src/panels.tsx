/**
 * The panels above the input (`lug.ui.panel`): a plugin's few lines, such as
 * the todo list while a turn runs, each line cut to the width and cleaned of
 * control sequences (a plugin's text may hold a file name or the model's words).
 */
import React from 'react';
import { Box, Text } from 'ink';
import type { Panel } from '@lug/core';
import { sanitizeText } from './text-layout.js';

/** The rows `panels` take on screen (one a line). */
export function panelRows(panels: readonly Panel[]): number {
  return panels.reduce((n, p) => n + p.lines.length, 0);
}

export function Panels({ panels }: { panels: readonly Panel[] }) {
  if (!panels.length) return null;
  return (
    <Box flexDirection="column">
      {panels.map((p) =>
        p.lines.map((line, i) => (
          <Text key={`${p.name}:${i}`} wrap="truncate-end">
            {sanitizeText(line).replace(/\s*\n\s*/g, ' ')}
          </Text>
        )),
      )}
    </Box>
  );
}
