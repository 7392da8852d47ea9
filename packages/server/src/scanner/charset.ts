/**
 * Text encoding of subtitle and text files: a BOM wins, then valid UTF-8, then the most
 * plausible legacy encoding among those found in voice works (Shift_JIS, GBK, Big5, EUC-KR).
 */
import chardet from 'chardet';
import iconv from 'iconv-lite';

/** How many bytes are examined: enough for any subtitle's first lines. */
export const CHARSET_SAMPLE_BYTES = 64 * 1024;

const LEGACY: Record<string, string> = {
  Shift_JIS: 'shift_jis',
  'EUC-JP': 'euc-jp',
  GB18030: 'gbk',
  Big5: 'big5',
  'EUC-KR': 'euc-kr',
};

function bomCharset(buf: Buffer): string | null {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return 'utf-8';
  if (buf[0] === 0xff && buf[1] === 0xfe) return 'utf-16le';
  if (buf[0] === 0xfe && buf[1] === 0xff) return 'utf-16be';
  return null;
}

function isUtf8(buf: Buffer, truncated: boolean): boolean {
  // A sample cut in the middle of a character must not count against UTF-8.
  let end = buf.length;
  if (truncated) {
    let back = 0;
    while (back < 3 && end - back - 1 >= 0 && (buf[end - back - 1]! & 0xc0) === 0x80) back++;
    if (end - back - 1 >= 0 && buf[end - back - 1]! >= 0xc0) end = end - back - 1;
  }
  try {
    new TextDecoder('utf-8', { fatal: true }).decode(buf.subarray(0, end));
    return true;
  } catch {
    return false;
  }
}

const KANA = /[\u3040-\u30ff]/g;
const HAN = /[\u4e00-\u9fff]/g;

/** How natural a decoding looks: decoding errors cost, kana and common ideographs earn. */
function plausibility(buf: Buffer, charset: string): number {
  const text = iconv.decode(buf, charset);
  const bad = (text.match(/\ufffd/g) ?? []).length;
  const kana = (text.match(KANA) ?? []).length;
  const han = (text.match(HAN) ?? []).length;
  return (charset === 'shift_jis' || charset === 'euc-jp' ? kana * 2 : 0) + han * 0.5 - bad * 10;
}

/** UTF-16 without a BOM: mostly-ASCII text leaves a NUL in every other byte. */
function bomlessUtf16(buf: Buffer): string | null {
  const n = Math.min(buf.length, 4096) & ~1;
  if (n < 4) return null;
  let evenNul = 0;
  let oddNul = 0;
  for (let i = 0; i < n; i += 2) {
    if (buf[i] === 0) evenNul++;
    if (buf[i + 1] === 0) oddNul++;
  }
  const pairs = n / 2;
  if (oddNul > pairs * 0.3 && evenNul < pairs * 0.05) return 'utf-16le';
  if (evenNul > pairs * 0.3 && oddNul < pairs * 0.05) return 'utf-16be';
  return null;
}

/** The charset name of a text sample (`utf-8`, `shift_jis`, `gbk`, …). */
export function detectCharset(buf: Buffer, truncated = false): string {
  const bom = bomCharset(buf) ?? bomlessUtf16(buf);
  if (bom) return bom;
  if (isUtf8(buf, truncated)) return 'utf-8';
  const candidates = new Set<string>(['shift_jis', 'gbk']);
  for (const m of chardet.analyse(buf)) {
    const c = LEGACY[m.name];
    if (c) candidates.add(c);
  }
  let best = 'shift_jis';
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const c of candidates) {
    const score = plausibility(buf, c);
    if (score > bestScore) {
      best = c;
      bestScore = score;
    }
  }
  return best;
}

/** A whole text file decoded by its detected charset, without a byte-order mark. */
export function decodeText(buf: Buffer): string {
  const sample = buf.subarray(0, CHARSET_SAMPLE_BYTES);
  return iconv.decode(buf, detectCharset(sample, sample.length < buf.length)).replace(/^\ufeff/, '');
}
