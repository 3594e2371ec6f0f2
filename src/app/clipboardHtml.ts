import type { Steps } from "../io/steps";

/** Our records also ride inside text/html, the one rich format every browser passes on. */
const HTML_MARK = "linework:";

/** What our records follow, in a comment; both ways of writing the HTML begin with it. */
const HTML_HEAD = `<meta charset="utf-8"><!--${HTML_MARK}`;

/** What goes before the inline SVG: the declaration does not belong inside HTML. */
const XML_DECLARATION = /^<\?xml[^>]*\?>\s*/;

/** The HTML we put on the clipboard: our records in a comment, and the drawing as inline SVG. */
export function clipboardHtml(payload: string, svg: string | null): string {
  const inline = svg === null ? "" : svg.replace(XML_DECLARATION, "");
  return `${HTML_HEAD}${encodeURIComponent(payload)}-->${inline}`;
}

/** Characters of records encoded into one Blob in a step. */
const ENCODED_CHARS_PER_STEP = 64 * 1024;

/**
 * `clipboardHtml(payload, null)` as a Blob made in steps, the same bytes: the records are
 * escaped and encoded a slice at a time, not megabytes of them in one task.
 */
export function* clipboardHtmlSteps(payload: string): Steps<Blob> {
  const parts: (string | Blob)[] = [HTML_HEAD];
  for (let start = 0; start < payload.length;) {
    let end = Math.min(payload.length, start + ENCODED_CHARS_PER_STEP);
    // A surrogate pair is encoded as one character: never cut between its halves.
    const last = payload.charCodeAt(end - 1);
    if (end < payload.length && last >= 0xd800 && last <= 0xdbff) end += 1;
    parts.push(new Blob([encodeURIComponent(payload.slice(start, end))]));
    start = end;
    yield;
  }
  parts.push("-->");
  return new Blob(parts, { type: "text/html" });
}

/** Our records back out of clipboard HTML; null when the HTML is not ours. */
export function payloadFromHtml(html: string): string | null {
  const start = html.indexOf(`<!--${HTML_MARK}`);
  if (start < 0) return null;
  const end = html.indexOf("-->", start);
  if (end < 0) return null;
  try {
    return decodeURIComponent(html.slice(start + 4 + HTML_MARK.length, end));
  } catch {
    return null;
  }
}
