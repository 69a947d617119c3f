/**
 * The multi-line input box: draws the InputStore, and (standalone, in tests or
 * small apps) takes its own keys. Inside the TUI the app routes keys to the
 * store itself, so there is one key handler and a clear order of precedence.
 */
import React, { useRef, useSyncExternalStore } from 'react';
import { Box, Text, useInput, type Key } from 'ink';
import type { InputStore } from './input-store.js';

export const MENU_ROWS = 8;

export interface InputBoxProps {
  store: InputStore;
  /** Most rows of text shown; longer texts scroll to keep the cursor in view. */
  maxLines?: number;
  /** Take keys directly (standalone use). The TUI routes keys itself and passes false. */
  keys?: boolean;
  onSubmit?(text: string): void;
  /** Dimmed while a dialog has the keys. */
  inactive?: boolean;
  placeholder?: string;
  /** Keys the app handles itself (Ctrl-C, bound keys): the input leaves them alone. */
  reserved?(input: string, key: Key): boolean;
  /** Keys the input did not use (Esc with no menu open). */
  onUnhandled?(input: string, key: Key): void;
}

function CursorLine({ line, cursor }: { line: string; cursor: number | undefined }) {
  if (cursor === undefined) return <Text>{line || ' '}</Text>;
  const at = line[cursor] ?? ' ';
  return (
    <Text>
      {line.slice(0, cursor)}
      <Text inverse>{at}</Text>
      {line.slice(cursor + 1)}
    </Text>
  );
}

export function InputBox({ store, maxLines = 10, keys = true, onSubmit, inactive = false, placeholder, reserved, onUnhandled }: InputBoxProps) {
  const snap = useSyncExternalStore(store.subscribe, store.getSnapshot);
  // Always subscribed, reading whether it has the keys from a ref: re-subscribing on a focus change
  // happens in an effect, and a key typed right after a dialog closes would be lost in between.
  const keysRef = useRef(keys);
  keysRef.current = keys;
  useInput(
    (input, key) => {
      if (!keysRef.current) return;
      if (reserved?.(input, key) && !store.getSnapshot().pasting) return;
      const result = store.handleKey(input, key);
      if (result.kind === 'submit') onSubmit?.(result.text);
      else if (result.kind === 'unhandled') onUnhandled?.(input, key);
    },
  );

  const { text, cursor } = snap.editor;
  const lines = text.split('\n');
  let cursorLine = 0;
  let cursorColumn = cursor;
  for (let i = 0, offset = 0; i < lines.length; i++) {
    const len = lines[i]!.length;
    if (cursor <= offset + len) {
      cursorLine = i;
      cursorColumn = cursor - offset;
      break;
    }
    offset += len + 1;
  }
  const first = Math.max(0, Math.min(cursorLine - Math.floor(maxLines / 2), lines.length - maxLines));
  const shown = lines.slice(first, first + maxLines);
  const menu = snap.menu;
  const menuFirst = menu ? Math.max(0, Math.min(menu.selected - MENU_ROWS + 1, menu.items.length - MENU_ROWS)) : 0;

  return (
    <Box flexDirection="column">
      {first > 0 && <Text dimColor>  ↑ {first} more line{first === 1 ? '' : 's'}</Text>}
      {shown.map((line, i) => (
        <Box key={first + i}>
          <Text color={inactive ? 'gray' : 'cyan'} bold>
            {first + i === 0 ? '› ' : '  '}
          </Text>
          {text === '' && placeholder && !inactive ? (
            <Text>
              <Text inverse> </Text>
              <Text dimColor>{placeholder}</Text>
            </Text>
          ) : (
            <CursorLine line={line} cursor={!inactive && first + i === cursorLine ? cursorColumn : undefined} />
          )}
        </Box>
      ))}
      {first + maxLines < lines.length && <Text dimColor>  ↓ {lines.length - first - maxLines} more</Text>}
      {snap.pasting && <Text dimColor>  pasting…</Text>}
      {menu &&
        menu.items.slice(menuFirst, menuFirst + MENU_ROWS).map((item, i) => (
          <Text key={item.replacement} inverse={menuFirst + i === menu.selected} wrap="truncate-end">
            {'  '}
            {item.label}
            {item.detail ? <Text dimColor>  {item.detail}</Text> : null}
          </Text>
        ))}
      {menu && menu.items.length > MENU_ROWS && (
        <Text dimColor>
          {'  '}
          {menu.selected + 1}/{menu.items.length} · Tab completes · Esc closes
        </Text>
      )}
    </Box>
  );
}

/** Rows the input box takes for a text, to budget the live region. */
export function inputBoxHeight(store: InputStore, maxLines: number): number {
  const snap = store.getSnapshot();
  const lines = Math.min(maxLines, snap.editor.text.split('\n').length);
  const menu = snap.menu ? Math.min(MENU_ROWS, snap.menu.items.length) + (snap.menu.items.length > MENU_ROWS ? 1 : 0) : 0;
  return lines + menu + (snap.pasting ? 1 : 0) + 2;
}
