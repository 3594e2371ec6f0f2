// Benchmarks saving a huge import: a document of N shapes (default 1,000,000; sizes from
// BENCH_STORAGE_SIZES) imported with `linework.importFile` into an empty drawing in headless
// Chromium, then saved by autosave. Reports the bytes stored and the largest stored value, the
// time until the import is durable, the longest main-thread task during the import and during
// the saving after it, how late small edits made while it saves are handled, and whether the
// drawing reopens whole after a reload. Run alone: npx tsx bench/storage.ts (after npm run build).
// Targets: no stored value over 1 MiB characters; saving never holds the page for more than a
// frame or two (longest task while saving ≤ 100 ms); the import reopens after a reload.

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import { makeDocument } from "./document.ts";
import { handOver } from "./render.ts";
import { serveApp } from "./appServer.ts";

const SIZES = (process.env.BENCH_STORAGE_SIZES ?? "1000000").split(",").map(Number);
const PORT = Number(process.env.BENCH_STORAGE_PORT ?? 4614);
const ROOT = resolve(process.env.BENCH_STORAGE_ROOT ?? "dist");
/** Milliseconds between the small edits made while the import is saved; 0 makes none. */
const EDIT_EVERY_MS = Number(process.env.BENCH_STORAGE_EDIT_MS ?? 100);

interface StorageResult {
  readonly shapes: number;
  readonly editEveryMs: number;
  readonly importMs: number;
  readonly longestTaskDuringImportMs: number;
  readonly timeToDurableMs: number;
  readonly longestTaskWhileSavingMs: number;
  /** Small edits made every 100 ms while saving: how late their timers ran, at worst. */
  readonly worstEditDelayWhileSavingMs: number;
  readonly editsWhileSaving: number;
  readonly storedValues: number;
  readonly storedChars: number;
  readonly largestStoredValueChars: number;
  readonly reopenedShapes: number;
  readonly reopenMs: number;
}

async function benchSize(page: Page, shapes: number): Promise<StorageResult> {
  await handOver(page, serializeDocument(makeDocument(shapes)));
  const measured = await page.evaluate(async (editEvery) => {
    const app = window.linework!;
    const scope = globalThis as { __benchText?: string };
    const text = scope.__benchText!;
    delete scope.__benchText;
    const tasks: Array<{ start: number; duration: number }> = [];
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries())
        tasks.push({ start: entry.startTime, duration: entry.duration });
    }).observe({ type: "longtask", buffered: false });
    const saver = (): { savedSeq: number } => app.persistence!.saver!;
    const importSeq = saver().savedSeq + 1;
    const started = performance.now();
    const result = await app.importFile("big.linework", text);
    if (!result.ok) throw new Error(result.error);
    const imported = performance.now();
    console.log(`storage bench: imported in ${Math.round(imported - started)} ms`);
    // Small edits while the import is being saved: each must be handled promptly.
    const store = app.editor.store;
    const pageId = store.pages()[0]!.id;
    const delays: number[] = [];
    const template = store.childrenOf(pageId)[0]!;
    let edits = 0;
    let saving = true;
    const edit = (due: number): void => {
      if (!saving) return;
      delays.push(performance.now() - due);
      // A small shape, as a person drawing on would add.
      const id = `edit-${edits++}`;
      // Drawn shapes become the selection, as they do for a person.
      store.transact("Add", (tx) => {
        tx.put({ ...template, id, index: `zz${String(edits).padStart(4, "0")}` });
        tx.select([id]);
      });
      const next = performance.now() + editEvery;
      setTimeout(() => edit(next), editEvery);
    };
    if (editEvery > 0) setTimeout(() => edit(performance.now() + editEvery), editEvery);
    // Durable once storage has confirmed the import's own entry (the edits after it follow).
    while (saver().savedSeq < importSeq) await new Promise((done) => setTimeout(done, 5));
    saving = false;
    const durable = performance.now();
    console.log(`storage bench: durable after ${Math.round(durable - started)} ms`);
    await app.persistence!.whenSaved();
    await new Promise((done) => setTimeout(done, 200));
    const longest = (from: number, to: number): number =>
      Math.max(0, ...tasks.filter((t) => t.start >= from && t.start < to).map((t) => t.duration));
    // Everything stored for the document, read back from IndexedDB.
    const stored = await new Promise<{ values: number; chars: number; largest: number }>(
      (done, fail) => {
        const open = indexedDB.open("linework");
        open.onsuccess = () => {
          const tx = open.result.transaction(["chunks", "log", "inodes"], "readonly");
          let values = 0;
          let chars = 0;
          let largest = 0;
          for (const name of ["chunks", "log", "inodes"]) {
            const cursor = tx.objectStore(name).openCursor();
            cursor.onsuccess = () => {
              const c = cursor.result;
              if (c === null) return;
              const size =
                typeof c.value === "string" ? c.value.length : JSON.stringify(c.value).length;
              values += 1;
              chars += size;
              largest = Math.max(largest, size);
              c.continue();
            };
          }
          tx.oncomplete = () => {
            open.result.close();
            done({ values, chars, largest });
          };
          tx.onerror = () => fail(tx.error);
        };
      },
    );
    return {
      importMs: imported - started,
      longestTaskDuringImportMs: longest(started, imported),
      timeToDurableMs: durable - started,
      longestTaskWhileSavingMs: longest(imported, durable),
      worstEditDelayWhileSavingMs: Math.max(0, ...delays),
      editsWhileSaving: edits,
      storedValues: stored.values,
      storedChars: stored.chars,
      largestStoredValueChars: stored.largest,
    };
  }, EDIT_EVERY_MS);
  const reloadStarted = Date.now();
  await page.reload();
  await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
    timeout: 600_000,
  });
  const reopenMs = Date.now() - reloadStarted;
  const reopenedShapes = await page.evaluate(() => {
    const store = window.linework!.editor.store;
    return store.size - 2;
  });
  const round = (n: number): number => Math.round(n);
  return {
    shapes,
    editEveryMs: EDIT_EVERY_MS,
    ...Object.fromEntries(Object.entries(measured).map(([k, v]) => [k, round(v)])),
    reopenedShapes,
    reopenMs,
  } as StorageResult;
}

export async function benchStorage(): Promise<object> {
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const results: StorageResult[] = [];
  try {
    for (const shapes of SIZES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript("globalThis.__name = (f) => f;");
      const page = await context.newPage();
      page.setDefaultTimeout(600_000);
      page.on("console", (message) => {
        if (message.text().startsWith("storage bench:"))
          process.stderr.write(`${message.text()}\n`);
      });
      await page.goto(`http://localhost:${PORT}/`);
      await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
        timeout: 30_000,
      });
      results.push(await benchSize(page, shapes));
      process.stderr.write(`${JSON.stringify(results.at(-1))}\n`);
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill();
  }
  return {
    targets:
      "largest stored value ≤ 1,048,576 characters; longest task while saving ≤ 100 ms; " +
      "the import reopens whole after a reload",
    sizes: results,
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchStorage(), null, 2)}\n`);
}
