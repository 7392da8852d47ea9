import type { Messages } from './types.ts';

/** Deep merge of catalogues; a later bundle never silently overwrites a string of an earlier one. */
export function mergeMessages(target: Messages, source: Messages, path = ''): Messages {
  for (const [k, v] of Object.entries(source)) {
    const here = path ? `${path}.${k}` : k;
    const existing = target[k];
    if (typeof v === 'string') {
      if (existing !== undefined) throw new Error(`i18n key defined twice: ${here}`);
      target[k] = v;
    } else {
      if (typeof existing === 'string') throw new Error(`i18n key defined twice: ${here}`);
      target[k] = mergeMessages(existing ?? {}, v, here);
    }
  }
  return target;
}

/** Every leaf key of a catalogue, dotted. */
export function leafKeys(m: Messages, path = ''): string[] {
  return Object.entries(m).flatMap(([k, v]) =>
    typeof v === 'string' ? [path ? `${path}.${k}` : k] : leafKeys(v, path ? `${path}.${k}` : k),
  );
}
