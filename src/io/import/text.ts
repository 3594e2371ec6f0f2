/**
 * Bytes from outside as text: UTF-8 (with or without a byte-order mark), UTF-16 in either byte
 * order (with a byte-order mark, or an XML file's `<` without one), or the encoding an XML
 * declaration names. Null for bytes that are none of these (binary data, invalid UTF-8).
 * TextDecoder drops the byte-order mark it recognises, so the text starts with the content.
 */
export function decodeText(bytes: Uint8Array): string | null {
  const utf16 = utf16Order(bytes);
  if (utf16 !== null) return decodeAs(utf16, bytes);
  // NUL bytes in the first 4 KiB mark binary data (UTF-16 was recognised above).
  if (bytes.subarray(0, 4096).includes(0)) return null;
  const utf8 = decodeAs("utf-8", bytes);
  if (utf8 !== null) return utf8;
  const cut = decodeCutUtf8(bytes);
  if (cut !== null) return cut;
  // An XML file may name another encoding in its declaration (windows-1251, ISO-8859-1…).
  const declared = /^\s*<\?xml[^>]*encoding=["']([\w.:-]{1,40})["']/.exec(
    String.fromCharCode(...bytes.subarray(0, 200)),
  )?.[1];
  return declared === undefined ? null : decodeAs(declared, bytes);
}

/** The byte order of UTF-16 text, from its byte-order mark or an opening `<` (XML 1.0, F.1). */
function utf16Order(b: Uint8Array): "utf-16le" | "utf-16be" | null {
  if (b.length < 2) return null;
  if (b[0] === 0xff && b[1] === 0xfe) return "utf-16le";
  if (b[0] === 0xfe && b[1] === 0xff) return "utf-16be";
  if (b.length >= 4 && b[0] === 0x3c && b[1] === 0 && b[2] !== 0 && b[3] === 0) return "utf-16le";
  if (b.length >= 4 && b[0] === 0 && b[1] === 0x3c && b[2] === 0 && b[3] !== 0) return "utf-16be";
  return null;
}

/**
 * UTF-8 that is valid but for a character cut off at its very end: a file cut short, which is
 * still text, so that the reader of its format can say where it ends. The cut character
 * becomes U+FFFD.
 */
function decodeCutUtf8(bytes: Uint8Array): string | null {
  try {
    // Streaming holds back an unfinished last character instead of failing on it.
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes, { stream: true });
    return `${text}\ufffd`;
  } catch {
    return null;
  }
}

function decodeAs(encoding: string, bytes: Uint8Array): string | null {
  try {
    return new TextDecoder(encoding, { fatal: true }).decode(bytes);
  } catch {
    // An unknown label (RangeError) or bytes invalid in that encoding (TypeError).
    return null;
  }
}
