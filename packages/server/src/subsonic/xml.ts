/**
 * The XML dialect of an answer, written from the same object as the JSON one, by the rules the
 * Subsonic schema follows: scalar fields are attributes, objects are child elements, arrays are
 * repeated child elements named by their key, and a field named `value` is the element's text
 * (lyrics). Nulls and undefined are left out.
 */
/** Whether a code point may appear in XML 1.0 text at all (tabs and newlines may; other controls not). */
const allowedInXml = (code: number) =>
  code === 0x9 || code === 0xa || code === 0xd || (code >= 0x20 && code !== 0xfffe && code !== 0xffff);

const ENTITIES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };

function escapeXml(s: string): string {
  let out = '';
  for (const ch of s) {
    if (!allowedInXml(ch.codePointAt(0) as number)) continue;
    out += ENTITIES[ch] ?? ch;
  }
  return out;
}

const isScalar = (v: unknown): v is string | number | boolean =>
  typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';

export function element(name: string, value: unknown, out: string[]): void {
  if (value === null || value === undefined) return;
  if (isScalar(value)) {
    out.push(`<${name}>${escapeXml(String(value))}</${name}>`);
    return;
  }
  const attrs: string[] = [];
  const children: string[] = [];
  let text = '';
  for (const [k, v] of Object.entries(value as Record<string, unknown>)) {
    if (v === null || v === undefined) continue;
    if (k === 'value' && isScalar(v)) text = escapeXml(String(v));
    else if (isScalar(v)) attrs.push(` ${k}="${escapeXml(String(v))}"`);
    else if (Array.isArray(v)) for (const item of v) element(k, item, children);
    else element(k, v, children);
  }
  const open = `<${name}${attrs.join('')}`;
  if (!text && children.length === 0) out.push(`${open}/>`);
  else out.push(`${open}>${text}${children.join('')}</${name}>`);
}

export function toXml(rootName: string, root: Record<string, unknown>, namespace: string): string {
  const out: string[] = ['<?xml version="1.0" encoding="UTF-8"?>'];
  element(rootName, { xmlns: namespace, ...root }, out);
  return out.join('');
}
