import { runImportRequest, type ImportReply } from "./workerProtocol";

/**
 * The import worker: a thin shell that hands the page's one request to `runImportRequest` and
 * posts its replies back. Typed by hand so this file needs no WebWorker library next to the DOM.
 */
const scope = globalThis as unknown as {
  onmessage: ((event: { readonly data: unknown }) => void) | null;
  postMessage(reply: ImportReply, transfer?: ArrayBuffer[]): void;
};

scope.onmessage = (event) =>
  runImportRequest(event.data, (reply, transfer) => scope.postMessage(reply, transfer));
