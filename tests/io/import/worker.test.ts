import { describe, expect, it } from "vitest";
import { History } from "../../../src/history/history";
import { readUntrusted } from "../../../src/io/import/boundary";
import { drawingBounds } from "../../../src/io/import/drawingBounds";
import { importFileInto, OFF_THREAD_BYTES } from "../../../src/io/import/importFile";
import { Jobs } from "../../../src/io/jobs";
import {
  IMPORT_CANCELLED,
  readUntrustedInWorker,
  type ImportWorkerPort,
} from "../../../src/io/import/workerClient";
import {
  NODES_PER_PART,
  readReply,
  runImportRequest,
  type ImportReply,
  type ImportRequest,
} from "../../../src/io/import/workerProtocol";
import { emptyDocumentStore } from "../../support/store";

/** An SVG of `count` small paths, large enough for the worker from about 6,500 paths on. */
function manyPaths(count: number): string {
  const parts = [`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 1000">`];
  for (let i = 0; i < count; i++)
    parts.push(
      `<path d="M${i % 100} ${Math.floor(i / 100)}h10v10h-10z" fill="#${(i % 4096).toString(16).padStart(3, "0")}"/>`,
    );
  parts.push("</svg>");
  return parts.join("\n");
}

/**
 * A worker that runs the real job in this thread: requests and replies pass through
 * structuredClone as they would between threads, and each reply arrives in its own task, so a
 * cancel can fall between two of them.
 */
class InThreadWorker implements ImportWorkerPort {
  onmessage: ((event: { readonly data: unknown }) => void) | null = null;
  onerror: ((event: unknown) => void) | null = null;
  terminated = false;
  readonly replies: ImportReply[] = [];

  postMessage(message: ImportRequest): void {
    const request: unknown = structuredClone(message);
    setTimeout(() => {
      runImportRequest(request, (reply) => {
        this.replies.push(reply);
        const copy: unknown = structuredClone(reply);
        setTimeout(() => {
          if (!this.terminated) this.onmessage?.({ data: copy });
        }, 0);
      });
    }, 0);
  }

  terminate(): void {
    this.terminated = true;
  }
}

describe("the worker's job", () => {
  it("answers a request with rising progress and the boundary's own result", () => {
    const svg = manyPaths(10_000);
    const replies: ImportReply[] = [];
    runImportRequest({ type: "import", name: "big.svg", data: svg }, (r) => replies.push(r));
    const fractions = replies.flatMap((r) => (r.type === "progress" ? [r.fraction] : []));
    expect(fractions.length).toBeGreaterThan(3);
    for (let i = 1; i < fractions.length; i++)
      expect(fractions[i]!).toBeGreaterThan(fractions[i - 1]!);
    expect(fractions.at(-1)).toBe(1);
    const read = replies.map(readReply);
    expect(read.every((r) => r !== null)).toBe(true);
    // The nodes come in parts of at most NODES_PER_PART, then the rest of the result.
    const parts = read.flatMap((r) => (r?.type === "nodes" ? [r.nodes] : []));
    expect(parts.map((p) => p.length)).toEqual([
      NODES_PER_PART,
      NODES_PER_PART,
      10_001 - 2 * NODES_PER_PART,
    ]);
    const last = read.at(-1);
    expect(last?.type === "result" && last.result.ok && last.result.nodes).toEqual([]);
    const direct = readUntrusted("big.svg", svg);
    expect(direct.ok && direct.nodes.length).toBe(10_001);
    // The worker also measures the drawing, so the page need not walk it again to centre it.
    expect(last?.type === "result" ? { ...last.result, nodes: parts.flat() } : null).toEqual({
      ...direct,
      bounds: direct.ok ? drawingBounds(direct.nodes) : null,
    });
    // Squares of 10 at x and y from 0 to 99, in a viewBox that sets the size (no width given).
    const box = direct.ok ? drawingBounds(direct.nodes) : null;
    for (const [value, expected] of [
      [box?.minX, 0],
      [box?.minY, 0],
      [box?.maxX, 109],
      [box?.maxY, 109],
    ] as const)
      expect(value).toBeCloseTo(expected, 9);
  });

  it("refuses a malformed request with a result, not an exception", () => {
    for (const bad of [null, 3, { type: "import" }, { type: "import", name: "a", data: 5 }]) {
      const replies: ImportReply[] = [];
      runImportRequest(bad, (r) => replies.push(r));
      expect(replies.map(readReply)).toEqual([
        { type: "result", result: { ok: false, error: expect.stringContaining("malformed") } },
      ]);
    }
  });

  it("gives the same error messages as the main thread for a hostile file", () => {
    const cut = manyPaths(7_000).slice(0, -10);
    const replies: ImportReply[] = [];
    runImportRequest({ type: "import", name: "cut.svg", data: cut }, (r) => replies.push(r));
    const result = readReply(replies.at(-1));
    expect(result).toEqual({ type: "result", result: readUntrusted("cut.svg", cut) });
    expect(result?.type === "result" && !result.result.ok).toBe(true);
  });
});

describe("reading in a worker from the page", () => {
  it("passes progress on and resolves with the result, then ends the worker", async () => {
    const worker = new InThreadWorker();
    const heard: number[] = [];
    const result = await readUntrustedInWorker(
      worker,
      { name: "a.svg", data: manyPaths(3000) },
      { progress: (f) => heard.push(f) },
    );
    expect(result.ok).toBe(true);
    expect(heard.length).toBeGreaterThan(0);
    expect(heard.at(-1)).toBe(1);
    expect(worker.terminated).toBe(true);
  });

  it("ends the worker on cancel and resolves as cancelled", async () => {
    const worker = new InThreadWorker();
    const controller = new AbortController();
    const result = await readUntrustedInWorker(
      worker,
      { name: "a.svg", data: manyPaths(8_000) },
      { signal: controller.signal, progress: () => controller.abort() },
    );
    expect(result).toEqual({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
    expect(worker.terminated).toBe(true);
  });

  it("turns a malformed reply or a dying worker into an error result", async () => {
    const badReplies: unknown[] = [
      { type: "result", json: JSON.stringify({ ok: true, nodes: [] }) },
      { type: "result", json: "{" },
      { type: "nodes", json: "{}" },
      { type: "result", result: { ok: false, error: "structured, not JSON" } },
      { type: "progress", fraction: Number.NaN },
      "result",
    ];
    for (const reply of badReplies) {
      const talker: ImportWorkerPort = {
        onmessage: null,
        onerror: null,
        postMessage() {
          setTimeout(() => this.onmessage?.({ data: reply }), 0);
        },
        terminate() {},
      };
      expect(await readUntrustedInWorker(talker, { name: "a.svg", data: "<svg/>" })).toEqual({
        ok: false,
        error: expect.stringContaining("malformed"),
      });
    }
    const dying: ImportWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage() {
        setTimeout(() => this.onerror?.({ message: "out of memory" }), 0);
      },
      terminate() {},
    };
    expect(await readUntrustedInWorker(dying, { name: "a.svg", data: "<svg/>" })).toEqual({
      ok: false,
      error: "Internal error while importing the file: out of memory",
    });
  });
});

describe("importing a file into the document", () => {
  it("reads a large file in the worker and adds it as one undo step", async () => {
    const store = emptyDocumentStore();
    const history = new History(store);
    const recordsBefore = store.snapshot().length;
    const svg = manyPaths(7_000);
    expect(svg.length).toBeGreaterThanOrEqual(OFF_THREAD_BYTES);
    const workers: InThreadWorker[] = [];
    const startWorker = (): InThreadWorker => {
      const worker = new InThreadWorker();
      workers.push(worker);
      return worker;
    };
    const outcome = await importFileInto(store, "page", "big.svg", svg, undefined, { startWorker });
    expect(outcome.ok).toBe(true);
    expect(workers).toHaveLength(1);
    expect(history.depth.undo).toBe(1);
    const direct = readUntrusted("big.svg", svg);
    expect(store.snapshot().length - recordsBefore).toBe(direct.ok ? direct.nodes.length : -1);
  });

  it("reads a small file on the main thread", async () => {
    const store = emptyDocumentStore();
    let started = 0;
    const outcome = await importFileInto(store, "page", "small.svg", manyPaths(10), undefined, {
      startWorker: () => {
        started += 1;
        return new InThreadWorker();
      },
    });
    expect(outcome.ok).toBe(true);
    expect(started).toBe(0);
  });

  it("leaves the document untouched when cancelled or when the file fails", async () => {
    const store = emptyDocumentStore();
    const before = store.snapshot();
    const version = store.version;
    const controller = new AbortController();
    const cancelled = await importFileInto(store, "page", "big.svg", manyPaths(8_000), undefined, {
      startWorker: () => new InThreadWorker(),
      signal: controller.signal,
      progress: (f) => {
        if (f > 0.2) controller.abort();
      },
    });
    expect(cancelled).toEqual({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
    const failed = await importFileInto(
      store,
      "page",
      "cut.svg",
      manyPaths(7_000).slice(0, -10),
      undefined,
      { startWorker: () => new InThreadWorker() },
    );
    expect(failed.ok).toBe(false);
    expect(store.snapshot()).toEqual(before);
    expect(store.version).toBe(version);
  });

  it("can still be cancelled after the worker answered, before the document changes", async () => {
    const store = emptyDocumentStore();
    const version = store.version;
    const svg = manyPaths(7_000);
    // A worker that answers at once, without progress: the only progress is the page's own.
    const answering: ImportWorkerPort = {
      onmessage: null,
      onerror: null,
      postMessage() {
        const json = JSON.stringify(readUntrusted("big.svg", svg));
        setTimeout(() => this.onmessage?.({ data: { type: "result", json } }), 0);
      },
      terminate() {},
    };
    const controller = new AbortController();
    const heard: number[] = [];
    const outcome = await importFileInto(store, "page", "big.svg", svg, undefined, {
      startWorker: () => answering,
      signal: controller.signal,
      progress: (f) => {
        heard.push(f);
        controller.abort();
      },
    });
    expect(heard).toEqual([1]);
    expect(outcome).toEqual({ ok: false, error: IMPORT_CANCELLED, cancelled: true });
    expect(store.version).toBe(version);
  });

  it("falls back to the main thread where no worker can start", async () => {
    const store = emptyDocumentStore();
    const outcome = await importFileInto(store, "page", "big.svg", manyPaths(7_000), undefined, {
      startWorker: () => null,
    });
    expect(outcome.ok).toBe(true);
  });
});

describe("the list of imports under way", () => {
  it("shows a job from start to finish, in whole percents, and cancels through its signal", () => {
    const jobs = new Jobs();
    let changes = 0;
    jobs.subscribe(() => (changes += 1));
    const first = jobs.start("import", "a.svg");
    const second = jobs.start("import", "b.svg");
    expect(jobs.get().map((j) => j.name)).toEqual(["a.svg", "b.svg"]);
    const counted = changes;
    first.progress(0.001);
    first.progress(0.004);
    expect(changes).toBe(counted);
    first.progress(0.5);
    expect(jobs.get()[0]!.fraction).toBe(0.5);
    jobs.get()[1]!.cancel();
    expect(second.signal.aborted).toBe(true);
    expect(jobs.get().map((j) => j.name)).toEqual(["a.svg"]);
    first.finish();
    expect(jobs.get()).toEqual([]);
  });
});
