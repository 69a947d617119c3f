import { defineConfig } from 'tsup';

export default defineConfig({
  // provider-contract imports vitest: an entry of its own keeps the main one free of it.
  entry: ['src/index.ts', 'src/provider-contract.ts'],
  format: ['esm'],
  dts: true,
  clean: true,
  target: 'node20',
  removeNodeProtocol: false,
});
