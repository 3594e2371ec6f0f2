const CRC_TABLE = ((): Uint32Array => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/**
 * CRC-32 as PNG and zip compute it, over `bytes` from `start` to `end`. Passing the CRC of what
 * came before as `previous` continues it: crc32(b, 0, n, crc32(a)) is the CRC of a followed by b.
 */
export function crc32(bytes: Uint8Array, start = 0, end = bytes.length, previous = 0): number {
  let crc = (previous ^ 0xffffffff) >>> 0;
  for (let i = start; i < end; i++) crc = CRC_TABLE[(crc ^ bytes[i]!) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}
