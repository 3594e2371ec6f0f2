import { parseJsonReply, type JsonReply } from "./jsonParse";

/**
 * The JSON worker: parses the one text the page sends (as pieces) and posts the result back,
 * its number columns moved (see jsonParse.ts). Typed by hand so this file needs no WebWorker
 * library next to the DOM.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: { readonly data: readonly string[] }) => void) | null;
  postMessage(reply: JsonReply, transfer?: ArrayBuffer[]): void;
};

scope.onmessage = (event) => {
  const { reply, transfer } = parseJsonReply(event.data);
  scope.postMessage(reply, transfer);
};
