import { describe, expect, it } from "vitest";
import { createDocument } from "../../../src/doc/factory";
import { DocumentStore } from "../../../src/doc/store";
import { importIntoDocument } from "../../../src/io/import/intoDocument";
import { importSvg } from "../../../src/io/import/svg";
import {
  JsonAnswer,
  jsonParts,
  parseJson,
  parseJsonReply,
  PART_CHARS,
  type JsonPart,
  type JsonWorkerPort,
} from "../../../src/io/native/jsonParse";
import { serializeDocument } from "../../../src/io/native/format";
import { parseDocument, parseDocumentSteps } from "../../../src/io/native/parse";
import { runSteps } from "../../../src/io/steps";

/** A drawing of paths, rectangles and ellipses, written as a .linework text. */
function drawing(): string {
  const store = new DocumentStore(
    createDocument({ id: "doc", pageId: "page", author: "t", created: "2024-01-01T00:00:00Z" }),
  );
  const shapes = [
    '<path d="M0 0c1 2 3 4 5 6s7 8 -0 -1z" fill="#123456"/>',
    '<rect x="-0" y="2" width="3" height="4" fill="#ff0000" stroke="#000"/>',
    '<ellipse cx="5" cy="5" rx="2" ry="1"/>',
  ];
  const read = importSvg(
    `<svg xmlns="http://www.w3.org/2000/svg">${shapes.join("").repeat(50)}</svg>`,
    "t",
  );
  if (!read.ok) throw new Error(read.error);
  importIntoDocument(store, read, { parent: "page", at: { x: 0, y: 0 } });
  return serializeDocument(store.snapshot());
}

describe("parsing a .linework text off the page's thread", () => {
  it("moves the number columns as Float64Arrays, and they read as the lists would", () => {
    const text = drawing();
    const { reply, transfer } = parseJsonReply([text.slice(0, 100), text.slice(100)]);
    if (!reply.ok) throw new Error(reply.message);
    const nodes = (reply.root as { nodes: Record<string, unknown> }).nodes;
    expect(nodes.pathPoints).toBeInstanceOf(Float64Array);
    expect(nodes.x).toBeInstanceOf(Float64Array);
    expect(transfer.length).toBeGreaterThan(0);
    expect(runSteps(parseDocumentSteps(reply.root, null))).toEqual({
      ...parseDocument(text),
      source: null,
    });
  });

  it("answers JSON.parse's message for text that is not JSON", () => {
    const { reply } = parseJsonReply(['{"format": "linework", ']);
    expect(reply.ok).toBe(false);
  });

  it("stops the worker and rejects with an AbortError when aborted", async () => {
    let terminated = false;
    const worker: JsonWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage() {},
      terminate() {
        terminated = true;
      },
    };
    const controller = new AbortController();
    const parsing = parseJson(["{}"], controller.signal, () => worker);
    controller.abort();
    await expect(parsing).rejects.toMatchObject({ name: "AbortError" });
    expect(terminated).toBe(true);
  });

  it("answers in parts, the records a batch of about PART_CHARS a message, put back whole", async () => {
    const text = drawing();
    const parsed = JSON.parse(text) as { records: unknown[] };
    // Twelve pictures of 0.4 Mi characters each among the records.
    const picture = "QUJD".repeat((0.4 * PART_CHARS) / 4);
    parsed.records.push(
      ...Array.from({ length: 12 }, (_, i) => ({
        id: `b${i}`,
        type: "blob",
        mime: "image/png",
        data: picture,
      })),
    );
    const board = JSON.stringify(parsed);
    const parts = jsonParts([board]);
    const batches = parts.filter(({ part }) => part.kind === "records");
    expect(batches.length).toBeGreaterThanOrEqual(4);
    for (const { part } of batches) {
      const chars = (part as Extract<JsonPart, { kind: "records" }>).records.reduce<number>(
        (sum, record) => sum + ((record as { data?: string }).data?.length ?? 64),
        0,
      );
      expect(chars).toBeLessThan(PART_CHARS + picture.length);
    }
    const answer = new JsonAnswer();
    const replies = parts.map(({ part }) => answer.take(part));
    expect(replies.slice(0, -1).every((reply) => reply === null)).toBe(true);
    expect(replies.at(-1)).toEqual(parseJsonReply([board]).reply);

    // Through a worker whose messages come one a task, as a browser's do.
    const worker: JsonWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage(pieces) {
        for (const { part } of jsonParts(pieces))
          setTimeout(() => worker.onmessage?.({ data: part }), 0);
      },
      terminate() {},
    };
    await expect(parseJson([board], undefined, () => worker)).resolves.toEqual(
      parseJsonReply([board]).reply,
    );
  });

  it("parses on this thread where there is no worker", async () => {
    await expect(parseJson(['{"a":', "[1, 2]}"], undefined, () => null)).resolves.toEqual({
      ok: true,
      root: { a: [1, 2] },
    });
  });
});
