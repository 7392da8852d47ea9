/**
 * A streamed ZIP archive of stored (uncompressed) entries: audio and images are already
 * compressed, so deflating them costs CPU for nothing. Sizes are known before the first byte
 * (the catalogue records them), so the archive's length is too (`zipLength`); CRC-32s are
 * computed while the bytes pass and written in a data descriptor after each entry.
 * Names are UTF-8 with the language-encoding flag (bit 11). Entries of 4 GiB or more, offsets
 * past 4 GiB and more than 65,534 entries use the ZIP64 records (APPNOTE 4.5.3, 4.3.14).
 */
import { crc32 } from 'node:zlib';

export interface ZipEntry {
  /** `/`-separated path inside the archive. */
  name: string;
  size: number;
  mtime: Date;
}

const MAX32 = 0xffffffff;
const MAX16 = 0xffff;
/** General purpose flags: sizes and CRC in a data descriptor (bit 3), UTF-8 names (bit 11). */
const FLAGS = 0x0808;

const bigEntry = (e: ZipEntry) => e.size >= MAX32;
const nameBytes = (e: ZipEntry) => Buffer.from(e.name, 'utf8');
const localLength = (e: ZipEntry) => 30 + nameBytes(e).length + (bigEntry(e) ? 20 : 0);
const descriptorLength = (e: ZipEntry) => (bigEntry(e) ? 24 : 16);

/** The local header offset of each entry, the central directory's offset and the total. */
function layout(entries: readonly ZipEntry[]) {
  const offsets: number[] = [];
  let at = 0;
  for (const e of entries) {
    offsets.push(at);
    at += localLength(e) + e.size + descriptorLength(e);
  }
  const cdOffset = at;
  for (const [i, e] of entries.entries()) at += centralLength(e, offsets[i]!);
  const cdSize = at - cdOffset;
  const zip64End = entries.length >= MAX16 || cdOffset >= MAX32 || cdSize >= MAX32;
  return { offsets, cdOffset, cdSize, zip64End, total: at + (zip64End ? 56 + 20 : 0) + 22 };
}

function centralExtra(e: ZipEntry, offset: number): Buffer {
  const fields: number[] = [];
  if (bigEntry(e)) fields.push(e.size, e.size);
  if (offset >= MAX32) fields.push(offset);
  if (fields.length === 0) return Buffer.alloc(0);
  const b = Buffer.alloc(4 + 8 * fields.length);
  b.writeUInt16LE(0x0001, 0);
  b.writeUInt16LE(8 * fields.length, 2);
  for (const [i, v] of fields.entries()) b.writeBigUInt64LE(BigInt(v), 4 + 8 * i);
  return b;
}

const centralLength = (e: ZipEntry, offset: number) =>
  46 + nameBytes(e).length + centralExtra(e, offset).length;

/** Byte length of the archive of these entries (its Content-Length). */
export const zipLength = (entries: readonly ZipEntry[]): number => layout(entries).total;

/** MS-DOS time and date fields (two-second resolution, years 1980–2107). */
function dosTime(d: Date): { time: number; date: number } {
  const year = Math.min(Math.max(d.getFullYear(), 1980), 2107);
  return {
    time: (d.getHours() << 11) | (d.getMinutes() << 5) | (d.getSeconds() >> 1),
    date: ((year - 1980) << 9) | ((d.getMonth() + 1) << 5) | d.getDate(),
  };
}

function localHeader(e: ZipEntry): Buffer {
  const name = nameBytes(e);
  const big = bigEntry(e);
  const b = Buffer.alloc(localLength(e));
  const { time, date } = dosTime(e.mtime);
  b.writeUInt32LE(0x04034b50, 0);
  b.writeUInt16LE(big ? 45 : 20, 4);
  b.writeUInt16LE(FLAGS, 6);
  b.writeUInt16LE(0, 8); // stored
  b.writeUInt16LE(time, 10);
  b.writeUInt16LE(date, 12);
  // CRC and sizes (offsets 14–25) stay zero: they follow in the data descriptor.
  if (big) {
    b.writeUInt32LE(MAX32, 18);
    b.writeUInt32LE(MAX32, 22);
  }
  b.writeUInt16LE(name.length, 26);
  b.writeUInt16LE(big ? 20 : 0, 28);
  name.copy(b, 30);
  if (big) {
    b.writeUInt16LE(0x0001, 30 + name.length);
    b.writeUInt16LE(16, 32 + name.length);
  }
  return b;
}

function descriptor(e: ZipEntry, crc: number): Buffer {
  const b = Buffer.alloc(descriptorLength(e));
  b.writeUInt32LE(0x08074b50, 0);
  b.writeUInt32LE(crc, 4);
  if (bigEntry(e)) {
    b.writeBigUInt64LE(BigInt(e.size), 8);
    b.writeBigUInt64LE(BigInt(e.size), 16);
  } else {
    b.writeUInt32LE(e.size, 8);
    b.writeUInt32LE(e.size, 12);
  }
  return b;
}

function centralHeader(e: ZipEntry, crc: number, offset: number): Buffer {
  const name = nameBytes(e);
  const extra = centralExtra(e, offset);
  const big = bigEntry(e);
  const b = Buffer.alloc(46 + name.length + extra.length);
  const { time, date } = dosTime(e.mtime);
  b.writeUInt32LE(0x02014b50, 0);
  b.writeUInt16LE((3 << 8) | 45, 4); // made by: Unix, spec 4.5
  b.writeUInt16LE(big || offset >= MAX32 ? 45 : 20, 6);
  b.writeUInt16LE(FLAGS, 8);
  b.writeUInt16LE(0, 10);
  b.writeUInt16LE(time, 12);
  b.writeUInt16LE(date, 14);
  b.writeUInt32LE(crc, 16);
  b.writeUInt32LE(big ? MAX32 : e.size, 20);
  b.writeUInt32LE(big ? MAX32 : e.size, 24);
  b.writeUInt16LE(name.length, 28);
  b.writeUInt16LE(extra.length, 30);
  // comment length, disk number, internal attributes: zero
  b.writeUInt32LE((0o100644 << 16) >>> 0, 38); // a regular file, rw-r--r--
  b.writeUInt32LE(Math.min(offset, MAX32), 42);
  name.copy(b, 46);
  extra.copy(b, 46 + name.length);
  return b;
}

function endRecords(count: number, cdOffset: number, cdSize: number, zip64End: boolean): Buffer {
  const parts: Buffer[] = [];
  if (zip64End) {
    const rec = Buffer.alloc(56);
    rec.writeUInt32LE(0x06064b50, 0);
    rec.writeBigUInt64LE(44n, 4);
    rec.writeUInt16LE((3 << 8) | 45, 12);
    rec.writeUInt16LE(45, 14);
    rec.writeBigUInt64LE(BigInt(count), 24);
    rec.writeBigUInt64LE(BigInt(count), 32);
    rec.writeBigUInt64LE(BigInt(cdSize), 40);
    rec.writeBigUInt64LE(BigInt(cdOffset), 48);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(cdOffset + cdSize), 8);
    locator.writeUInt32LE(1, 16);
    parts.push(rec, locator);
  }
  const end = Buffer.alloc(22);
  end.writeUInt32LE(0x06054b50, 0);
  end.writeUInt16LE(Math.min(count, MAX16), 8);
  end.writeUInt16LE(Math.min(count, MAX16), 10);
  end.writeUInt32LE(Math.min(cdSize, MAX32), 12);
  end.writeUInt32LE(Math.min(cdOffset, MAX32), 16);
  parts.push(end);
  return Buffer.concat(parts);
}

/**
 * The archive's bytes. `contents(i)` gives entry i's bytes; it is asked for one entry at a time,
 * in order, so one file is open at once. An entry whose bytes differ in length from its declared
 * size makes the stream fail: the archive's promised length could not be kept.
 */
export async function* zipStream(
  entries: readonly ZipEntry[],
  contents: (index: number) => AsyncIterable<Buffer>,
): AsyncGenerator<Buffer> {
  const { offsets, cdOffset, cdSize, zip64End } = layout(entries);
  const crcs: number[] = [];
  for (const [i, e] of entries.entries()) {
    yield localHeader(e);
    let crc = 0;
    let sent = 0;
    for await (const chunk of contents(i)) {
      crc = crc32(chunk, crc);
      sent += chunk.length;
      if (sent > e.size) break;
      yield chunk;
    }
    if (sent !== e.size) throw new Error(`${e.name}: ${sent} bytes where ${e.size} were announced`);
    crcs.push(crc);
    yield descriptor(e, crc);
  }
  const central = entries.map((e, i) => centralHeader(e, crcs[i]!, offsets[i]!));
  yield Buffer.concat(central);
  yield endRecords(entries.length, cdOffset, cdSize, zip64End);
}
