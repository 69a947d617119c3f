/** Documentation entries for the options defined at run time (lug.opt.<name>). */
import type { OptionsStore } from '@lug/core';
import type { DocEntry } from './parse-annotations.js';

export function optionEntries(options: OptionsStore): DocEntry[] {
  return options.list().map((def) => {
    const name = `lug.opt.${def.name}`;
    const fallback = typeof def.default === 'function' ? 'a function' : JSON.stringify(def.default) ?? 'nil';
    return {
      name,
      kind: 'field' as const,
      signature: `${name}: ${def.allowed} (default ${fallback === 'null' ? 'nil' : fallback})`,
      summary: def.description.split(/(?<=[.!?])\s/)[0] ?? def.description,
      description: def.description,
      params: [],
      returns: [],
      fields: [],
      source: 'options',
    };
  });
}
