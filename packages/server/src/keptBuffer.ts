/**
 * A Buffer a cache keeps for long must own exactly its bytes. Node hands out a small Buffer
 * (under 4 KB) as a slice of a shared 8 KB pool slab, and zlib returns a slice of its 16 KB
 * output chunk: kept, a 3 KB work head holds 8 KB and a 5 KB compressed page 16 KB, memory no
 * byte budget sees (docs/catalogue.md, "Memory").
 */
export function keptBuffer(bytes: Buffer): Buffer {
  if (bytes.byteOffset === 0 && bytes.buffer.byteLength === bytes.length) return bytes;
  const own = Buffer.allocUnsafeSlow(bytes.length);
  bytes.copy(own);
  return own;
}
