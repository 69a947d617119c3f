declare const __LUG_VERSION__: string;
/** Injected at build time from package.json, so --version reads no file. */
export const VERSION: string = typeof __LUG_VERSION__ === 'string' ? __LUG_VERSION__ : '0.0.0-dev';
