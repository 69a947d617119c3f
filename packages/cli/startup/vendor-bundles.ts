/**
 * Packages the binary loads only when it needs them (a provider's SDK for the
 * first request, Markdown for the first answer). Each is bundled into its own
 * `dist/vendor/NAME.cjs` (from `vendor/NAME.ts` here), which the bundle's
 * `require` hands out on first use (see start.ts): the first screen neither
 * reads nor compiles them. The paths are relative to dist/.
 */
export const VENDOR_BUNDLES: Readonly<Record<string, string>> = {
  marked: './vendor/marked.cjs',
  'marked-terminal': './vendor/marked-terminal.cjs',
  '@anthropic-ai/sdk': './vendor/anthropic-sdk.cjs',
  openai: './vendor/openai.cjs',
  // Only `lug --acp` speaks the Agent Client Protocol: its SDK (and the zod it validates with) stays out of everyone else's start.
  '@agentclientprotocol/sdk': './vendor/acp-sdk.cjs',
};

/** The vendor bundles that send model requests: they get `fetch` and `Headers` over node:http (sdk-globals.ts). */
export const SDK_VENDOR_IDS: ReadonlySet<string> = new Set(['@anthropic-ai/sdk', 'openai']);
