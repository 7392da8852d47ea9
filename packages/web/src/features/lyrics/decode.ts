/**
 * Lyric files come in whatever encoding the circle's editor used: UTF-8 (with or without BOM),
 * UTF-16 with BOM, Shift_JIS, or GBK for Chinese translations.
 */
const KANA = /[\u3040-\u30ff]/g;
/** Half-width katakana: rare in real text, but what GBK bytes turn into when read as Shift_JIS. */
const HALF_WIDTH_KANA = /[\uff61-\uff9f]/g;

const japaneseScore = (text: string) =>
  (text.match(KANA)?.length ?? 0) - 2 * (text.match(HALF_WIDTH_KANA)?.length ?? 0);

function tryDecode(label: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(label, { fatal: true }).decode(bytes);
  } catch {
    return null;
  }
}

/** The legacy encoding of bytes that are not UTF-8: Shift_JIS or GBK, by the text they give. */
export function detectLegacyEncoding(bytes: Uint8Array): 'shift_jis' | 'gbk' {
  // Shift_JIS bytes often also decode as GBK (and the reverse): the reading that looks more like
  // Japanese (kana, no half-width kana) wins; a tie goes to Shift_JIS, the usual case for these works.
  const sjis = tryDecode('shift_jis', bytes);
  const gbk = tryDecode('gbk', bytes);
  if (sjis !== null && gbk !== null) return japaneseScore(sjis) >= japaneseScore(gbk) ? 'shift_jis' : 'gbk';
  return sjis !== null || gbk === null ? 'shift_jis' : 'gbk';
}

/** Whether the bytes are valid UTF-8. */
export const isUtf8 = (bytes: Uint8Array): boolean => tryDecode('utf-8', bytes) !== null;

export function decodeText(input: ArrayBuffer | Uint8Array): string {
  const bytes = input instanceof Uint8Array ? input : new Uint8Array(input);
  if (bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf)
    return new TextDecoder('utf-8').decode(bytes);
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return new TextDecoder('utf-16le').decode(bytes);
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return new TextDecoder('utf-16be').decode(bytes);
  const utf8 = tryDecode('utf-8', bytes);
  if (utf8 !== null) return utf8;
  const legacy = tryDecode(detectLegacyEncoding(bytes), bytes);
  return legacy ?? new TextDecoder('utf-8').decode(bytes);
}
