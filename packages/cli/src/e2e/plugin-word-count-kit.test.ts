// The example plugin's own test suite (its author runs it with `vitest run` in
// examples/plugin-word-count); here it runs with the cli's tests, since examples
// are not workspaces.
import '../../../../examples/plugin-word-count/src/word-count.test.js';
