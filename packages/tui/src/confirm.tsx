/**
 * `lug.ui.confirm` in the TUI: the interface serves the interactive host's
 * confirm queue (`host.ui.confirms`, from @lug/core). A confirm shows a yes/no
 * prompt in the live region (one at a time, oldest first) and resolves with
 * the answer; an abort (the turn was cancelled) removes it and answers no.
 * Mounted with the interface and drawn only while a confirm waits, so its
 * keys are listened to before its first frame (ink's useInput starts
 * listening in an effect, after the frame is out: a `y` pressed at once at a
 * prompt that had just appeared was lost).
 */
import React, { useRef, useSyncExternalStore } from 'react';
import { Box, Text, useInput } from 'ink';
import type { ConfirmQueue } from '@lug/core';
import { sanitizeText } from './text-layout.js';
import type { TypingGuard } from './typing-guard.js';

export function ConfirmPrompt({ queue, typing, active = true }: { queue: ConfirmQueue; typing?: TypingGuard; active?: boolean }) {
  const current = useSyncExternalStore(queue.subscribe, queue.getSnapshot);
  const currentRef = useRef(current);
  currentRef.current = current;
  const activeRef = useRef(active);
  activeRef.current = active;
  useInput(
    (input, key) => {
      const item = currentRef.current;
      if (!item || !activeRef.current) return;
      // A person typing ahead when the prompt appears did not mean y or n (typing-guard.ts).
      if (typing?.holds(input, key)) return;
      if (input === 'y' || input === 'Y') queue.answer(item.id, true);
      else if (input === 'n' || input === 'N' || key.escape) queue.answer(item.id, false);
    },
  );
  if (!current) return null;
  return (
    <Box borderStyle="round" borderColor="magenta" paddingX={1} flexDirection="column">
      <Text>{sanitizeText(current.message)}</Text>
      <Text>
        <Text bold color="green">y</Text> yes · <Text bold color="red">n</Text> no (Esc: no)
      </Text>
    </Box>
  );
}
