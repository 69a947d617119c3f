#!/usr/bin/env bash
# Takes the README's screenshots: the real `lug` in tmux against a scripted
# model (scripts/screenshot-server.mjs), captured with `tmux capture-pane -e`
# into docs/screenshots/*.ans and drawn as SVG. Needs tmux and a built lug.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
root="$(cd "$here/../../.." && pwd)"
out="$root/docs/screenshots"
work="$(mktemp -d)"
session="lug-shots-$$"
mkdir -p "$out" "$work/home" "$work/project"
trap 'tmux kill-session -t "$session" 2>/dev/null || true; kill "$server" 2>/dev/null || true; rm -rf "$work"' EXIT

node "$here/screenshot-server.mjs" "$work/project" "$work/url" >/dev/null &
server=$!
for _ in $(seq 50); do [ -s "$work/url" ] && break; sleep 0.1; done

cd "$work/project"
tmux new-session -d -s "$session" -x 100 -y 34 \
  "env -i PATH='$PATH' HOME='$work/home' XDG_CONFIG_HOME='$work/home/.config' XDG_STATE_HOME='$work/home/.state' \
   TERM=xterm-256color COLORTERM=truecolor ANTHROPIC_BASE_URL='$(cat "$work/url")' ANTHROPIC_API_KEY=scripted \
   node '$root/packages/cli/bin/lug.js' --model anthropic/scripted-model; sleep 30"

shot() {
  tmux capture-pane -e -p -t "$session" > "$out/$1.ans"
  node "$here/ansi-to-svg.mjs" "$out/$1.ans" > "$out/$1.svg"
}
type_line() {
  tmux send-keys -t "$session" -l "$1"
  sleep 0.3
  tmux send-keys -t "$session" Enter
}

sleep 2.5
type_line 'explain this project'
sleep 3
shot main
type_line 'fix the greeting'
sleep 3
shot dialog
tmux send-keys -t "$session" y
sleep 2
tmux send-keys -t "$session" y
sleep 2
tmux send-keys -t "$session" BTab
sleep 0.5
type_line 'write some notes'
sleep 3
shot auto
echo "wrote $out/{main,dialog,auto}.{ans,svg}"
