// marked-terminal ships no types; its vendor bundle (marked-terminal.ts) only re-exports it.
declare module 'marked-terminal';
