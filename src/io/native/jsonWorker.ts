import { jsonParts, type JsonPart } from "./jsonParse";

/**
 * The JSON worker: parses the one text the page sends (as pieces) and posts the result back in
 * parts, its number columns moved (see jsonParse.ts). Typed by hand so this file needs no WebWorker
 * library next to the DOM.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: { readonly data: readonly string[] }) => void) | null;
  postMessage(part: JsonPart, transfer?: ArrayBuffer[]): void;
};

scope.onmessage = (event) => {
  for (const { part, transfer } of jsonParts(event.data)) scope.postMessage(part, transfer);
};
