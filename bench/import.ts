// Benchmarks SVG import: parse, convert and one transaction into a store, for generated files of
// 10k and 100k paths, in Node and, when the app is built, in headless Chromium through
// `linework.importFile` (the worker for large files), with the longest main-thread task seen
// meanwhile, then the imported drawing exported again to SVG and to PNG at 1× in the browser
// (each with its longest task and frame gap), then a document switch back to it once autosave
// holds it (documentSwitch: a new empty document, then the import's reopened from the library).
// Prints JSON when run alone: npx tsx bench/import.ts
// Targets: 10k paths ≤ 1 s, 100k paths ≤ 8 s, with progress shown.
// The browser part serves BENCH_IMPORT_ROOT (default dist/) on BENCH_IMPORT_PORT (default 4613).
// BENCH_IMPORT_PROFILE=<folder> also records CPU profiles of the page and of the import worker
// (.cpuprofile files for DevTools) and prints where their time went, by source folder.

import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import { loadavg } from "node:os";
import { resolve } from "node:path";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { chromium, type CDPSession, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { createDocument } from "../src/doc/factory.ts";
import { DocumentStore } from "../src/doc/store.ts";
import { importIntoDocument } from "../src/io/import/intoDocument.ts";
import { convertSvg } from "../src/io/import/svg/convert.ts";
import { importSvg } from "../src/io/import/svg/index.ts";
import { flattenDrafts } from "../src/io/import/tree.ts";
import { readUntrustedInWorker, type ImportWorkerPort } from "../src/io/import/workerClient.ts";
import { runImportRequest } from "../src/io/import/workerProtocol.ts";
import { parseXml } from "../src/io/import/xml.ts";
import { serveApp } from "./appServer.ts";

const SIZES = (process.env.BENCH_IMPORT_SIZES ?? "10000,100000").split(",").map(Number);

/** An SVG of `paths` filled and stroked cubic paths in a grid, from a fixed pseudo-random sequence. */
export function generateSvg(paths: number): string {
  let state = 1;
  const random = (): number => {
    state = (state * 1103515245 + 12345) >>> 0;
    return (state >>> 8) / 16_777_216;
  };
  const side = Math.ceil(Math.sqrt(paths));
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${side * 20}" height="${side * 20}" viewBox="0 0 ${side * 20} ${side * 20}">`,
  ];
  for (let i = 0; i < paths; i++) {
    const x = (i % side) * 20;
    const y = Math.floor(i / side) * 20;
    const n = (k: number): string => (random() * k).toFixed(2);
    const color = Math.floor(random() * 0xffffff)
      .toString(16)
      .padStart(6, "0");
    parts.push(
      `<path d="M${x} ${y}c${n(10)} ${n(10)} ${n(10)} ${n(10)} ${n(15)} ${n(15)}s${n(5)} ${n(5)} ${n(4)} -${n(8)}z" fill="#${color}" stroke="#000" stroke-width="0.5"/>`,
    );
  }
  parts.push("</svg>");
  return parts.join("\n");
}

function emptyStore(): DocumentStore {
  return new DocumentStore(
    createDocument({ id: "doc", pageId: "page", author: "bench", created: "2026-01-01T00:00:00Z" }),
  );
}

const round = (n: number): number => Math.round(n);

async function benchSize(paths: number) {
  const svg = generateSvg(paths);
  let progressCalls = 0;
  // CPU time beside wall time: on a shared machine the wall clock also counts other processes.
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  const result = importSvg(svg, "bench", () => {
    progressCalls += 1;
  });
  const t1 = performance.now();
  if (!result.ok) throw new Error(result.error);
  const store = emptyStore();
  const placed = importIntoDocument(store, result, { parent: "page", at: { x: 0, y: 0 } });
  const t2 = performance.now();
  const cpu = process.cpuUsage(cpu0);
  if (!placed.ok) throw new Error(placed.error);
  return {
    paths,
    fileBytes: svg.length,
    parseAndConvertMs: round(t1 - t0),
    transactionMs: round(t2 - t1),
    totalMs: round(t2 - t0),
    totalCpuMs: round((cpu.user + cpu.system) / 1000),
    nodes: result.nodes.length,
    progressCalls,
    workerPath: await workerStages(svg),
  };
}

/**
 * The stages a large import goes through off the page, each timed on its own in this thread:
 * what the worker does (parse, convert, flatten, encode its replies), copying the replies as
 * postMessage does, and the page reading them back into a result. In CPU milliseconds of this
 * process: on the shared machine the wall clock also counts other processes.
 */
async function workerStages(svg: string) {
  let cpu = process.cpuUsage();
  const lap = (): number => {
    const spent = process.cpuUsage(cpu);
    cpu = process.cpuUsage();
    return round((spent.user + spent.system) / 1000);
  };
  const document = parseXml(svg);
  const parseCpuMs = lap();
  const conversion = convertSvg(document.root, "bench", document.externalEntityReferences);
  const convertCpuMs = lap();
  flattenDrafts(conversion.drafts);
  const flattenCpuMs = lap();
  const replies: Array<{ reply: unknown; transfer: ArrayBuffer[] }> = [];
  let computed = process.cpuUsage();
  runImportRequest({ type: "import", name: "bench.svg", data: svg }, (reply, transfer = []) => {
    // The last progress message is posted once the result is complete; encoding follows it.
    if (reply.type === "progress") computed = process.cpuUsage();
    replies.push({ reply, transfer });
  });
  cpu = computed;
  const encodeCpuMs = lap();
  const copies = replies.map(({ reply, transfer }) => structuredClone(reply, { transfer }));
  const cloneCpuMs = lap();
  const port: ImportWorkerPort = {
    onmessage: null,
    onerror: null,
    postMessage() {
      for (const data of copies) this.onmessage?.({ data });
    },
    terminate() {},
  };
  const read = await readUntrustedInWorker(port, { name: "bench.svg", data: "" });
  const pageDecodeCpuMs = lap();
  if (!read.ok) throw new Error(read.error);
  return {
    parseCpuMs,
    convertCpuMs,
    flattenCpuMs,
    encodeCpuMs,
    cloneCpuMs,
    pageDecodeCpuMs,
    replies: replies.length,
  };
}

const PORT = Number(process.env.BENCH_IMPORT_PORT ?? 4613);
const ROOT = resolve(process.env.BENCH_IMPORT_ROOT ?? "dist");
const PROFILE_DIR = process.env.BENCH_IMPORT_PROFILE;

/**
 * Runs in the page before the app: stamps the import worker's life (created, each reply as the
 * page receives it) on `__importTimeline`, and, when profiling, holds back `terminate` until the
 * bench has collected the worker's profile (`__releaseWorkers`).
 */
const WORKER_TIMELINE = (holdTermination: boolean): string => `
  globalThis.__importTimeline = [];
  globalThis.__heldWorkers = [];
  globalThis.__releaseWorkers = () => { for (const end of globalThis.__heldWorkers.splice(0)) end(); };
  const Native = globalThis.Worker;
  globalThis.Worker = class extends Native {
    constructor(url, options) {
      super(url, options);
      const timeline = globalThis.__importTimeline;
      timeline.push({ type: "created", at: performance.now() });
      this.addEventListener("message", (event) => {
        const data = event.data ?? {};
        timeline.push({ type: String(data.type), fraction: data.fraction, at: performance.now() });
      });
    }
    terminate() {
      if (${holdTermination}) globalThis.__heldWorkers.push(() => super.terminate());
      else super.terminate();
    }
  };
`;

interface TimelineEntry {
  readonly type: string;
  readonly fraction?: number;
  readonly at: number;
}

/**
 * The import's stages as the page saw them, in ms from the call: the worker started and read
 * the XML (progress to 40 %), converted elements (to 95 %), flattened and encoded (to its first
 * reply with nodes), sent its replies, then the page's own part until the promise settled and
 * to the first frame. Replies are stamped when the page handles them.
 */
function importStages(timeline: readonly TimelineEntry[], t0: number, t1: number, t2: number) {
  const first = (match: (e: TimelineEntry) => boolean): number | null => {
    const hit = timeline.find(match);
    return hit === undefined ? null : Math.round(hit.at - t0);
  };
  const lastReply = timeline.filter((e) => e.type === "nodes" || e.type === "result").at(-1);
  return {
    workerCreated: first((e) => e.type === "created"),
    firstProgress: first((e) => e.type === "progress"),
    parsed: first((e) => e.type === "progress" && (e.fraction ?? 0) >= 0.4),
    converted: first((e) => e.type === "progress" && (e.fraction ?? 0) >= 0.95),
    firstNodes: first((e) => e.type === "nodes" || e.type === "result"),
    lastReply: lastReply === undefined ? null : Math.round(lastReply.at - t0),
    settled: Math.round(t1 - t0),
    firstFrame: Math.round(t2 - t0),
  };
}

/**
 * One import in the page: from the call to the promise settling (worker, transfer, the slices
 * into the document), then to the first frame that shows it and to the frame that shows all of
 * it in view; the longest task the page's main thread
 * ran meanwhile (PerformanceObserver "longtask", tasks over 50 ms) and the longest gap between
 * animation frames, which is what a person sees as a freeze.
 */
/** The long tasks and longest gap between frames since a watch began (or was last taken). */
interface Freezes {
  readonly tasks: number[];
  readonly gap: number;
}

declare global {
  interface Window {
    /** Watches the page's long tasks and frame gaps (see FREEZE_WATCH). */
    __watchFreezes?: () => { take(): Freezes; stop(): Freezes };
  }
}

/**
 * Run in the page before it loads: `__watchFreezes()` starts watching long tasks and the
 * gaps between animation frames; `take()` returns what it saw and starts afresh, `stop()`
 * returns it and stops.
 */
const FREEZE_WATCH = `globalThis.__watchFreezes = () => {
  let tasks = [];
  let gap = 0;
  let last = performance.now();
  let watching = true;
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) tasks.push(entry.duration);
  });
  observer.observe({ type: "longtask", buffered: false });
  const watch = (now) => {
    gap = Math.max(gap, now - last);
    last = now;
    if (watching) requestAnimationFrame(watch);
  };
  requestAnimationFrame(watch);
  const take = () => {
    const seen = { tasks, gap };
    tasks = [];
    gap = 0;
    last = performance.now();
    return seen;
  };
  return {
    take,
    stop() {
      watching = false;
      observer.disconnect();
      return take();
    },
  };
};`;

async function benchSizeInBrowser(page: Page, paths: number) {
  const svg = generateSvg(paths);
  const measured = await page.evaluate(
    async ({ text }) => {
      const lw = window.linework!;
      const freezes = window.__watchFreezes!();
      const t0 = performance.now();
      const outcome = await lw.importFile("bench.svg", text, { x: 0, y: 0 });
      const t1 = performance.now();
      await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
      const t2 = performance.now();
      // Big drawings fill in over frames after the first: until every chunk in view is built.
      while (lw.current.renderer.building) await new Promise((done) => requestAnimationFrame(done));
      const t3 = performance.now();
      // Long-task entries arrive after their task; give the observer a moment.
      await new Promise((done) => setTimeout(done, 200));
      const { tasks, gap } = freezes.stop();
      const timeline = (globalThis as unknown as { __importTimeline: TimelineEntry[] })
        .__importTimeline;
      // Then the page with the imported drawing out again: SVG, and PNG at 1× (in strips past
      // 16 million pixels, with progress), each with the longest task and frame gap it caused.
      const scope = { page: lw.current.pageId() };
      const exportFreezes = window.__watchFreezes!();
      const settle = (): Promise<unknown> => new Promise((done) => setTimeout(done, 200));
      const s0 = performance.now();
      const svgOut = lw.exports.svg({ scope });
      const s1 = performance.now();
      await settle();
      const { tasks: svgTasks, gap: svgGap } = exportFreezes.take();
      let strips = 0;
      const p0 = performance.now();
      const png = await lw.exports.png({
        scope,
        scale: 1,
        background: true,
        onProgress: () => {
          strips += 1;
        },
      });
      const s2 = performance.now();
      await settle();
      const { tasks: exportTasks, gap: exportGap } = exportFreezes.stop();
      return {
        ok: outcome.ok,
        importMs: Math.round(t1 - t0),
        toFirstFrameMs: Math.round(t2 - t0),
        toAllDrawnMs: Math.round(t3 - t0),
        longestMainThreadTaskMs: Math.round(Math.max(0, ...tasks)),
        longTasks: tasks.length,
        longestFrameGapMs: Math.round(gap),
        nodes: lw.editor.store.snapshot().length,
        exportSvgMs: Math.round(s1 - s0),
        exportSvgLongestTaskMs: Math.round(Math.max(0, ...svgTasks)),
        exportSvgFrameGapMs: Math.round(svgGap),
        svgMiB: Math.round((svgOut.svg.length / 1048576) * 10) / 10,
        exportPngMs: Math.round(s2 - p0),
        exportPngLongestTaskMs: Math.round(Math.max(0, ...exportTasks)),
        exportPngLongTasks: exportTasks.length,
        exportPngFrameGapMs: Math.round(exportGap),
        pngMiB: Math.round((png.size / 1048576) * 10) / 10,
        pngStrips: strips,
        timeline: [...timeline],
        t0,
        t1,
        t2,
      };
    },
    { text: svg },
  );
  const { timeline, t0, t1, t2, ...figures } = measured;
  return {
    ...figures,
    stages: importStages(timeline, t0, t1, t2),
    documentSwitch: await documentSwitch(page),
  };
}

/**
 * A document switch to the imported drawing: once autosave holds it, a new empty document is
 * opened, then the imported one again from the library (read from storage, parsed, shown): the
 * time until `open` settles and until all in view is drawn, the longest main-thread task, the
 * long tasks and the longest gap between frames meanwhile.
 */
async function documentSwitch(page: Page) {
  return page.evaluate(async () => {
    const lw = window.linework!;
    const session = lw.persistence;
    if (session === null || session.saver === null) return { skipped: "no autosave" };
    await session.saver.whenSaved();
    const path = session.path;
    if (path === null) return { skipped: "the document has no path" };
    await lw.newDocument();
    await new Promise((done) => setTimeout(done, 500));
    const freezes = window.__watchFreezes!();
    const t0 = performance.now();
    await lw.open(path);
    const t1 = performance.now();
    while (lw.current.renderer.building) await new Promise((done) => requestAnimationFrame(done));
    const t2 = performance.now();
    await new Promise((done) => setTimeout(done, 200));
    const { tasks, gap } = freezes.stop();
    return {
      openMs: Math.round(t1 - t0),
      toAllDrawnMs: Math.round(t2 - t0),
      longestMainThreadTaskMs: Math.round(Math.max(0, ...tasks)),
      longTasks: tasks.length,
      longestFrameGapMs: Math.round(gap),
      nodes: lw.editor.store.snapshot().length,
    };
  });
}

async function benchInBrowser(): Promise<object> {
  if (!existsSync(resolve(ROOT, "index.html")))
    return { skipped: `${ROOT}/index.html is missing: run "npm run build" first` };
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const results = [];
  try {
    for (const paths of SIZES) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 800 } });
      await context.addInitScript("globalThis.__name = (f) => f;");
      await context.addInitScript(WORKER_TIMELINE(PROFILE_DIR !== undefined));
      await context.addInitScript(FREEZE_WATCH);
      const page = await context.newPage();
      await page.goto(`http://localhost:${PORT}/`);
      await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
        timeout: 60_000,
      });
      const profiler = PROFILE_DIR === undefined ? null : await startProfiles(page);
      const metrics = await page.context().newCDPSession(page);
      await metrics.send("Performance.enable");
      const before = await cpuTimes(metrics);
      const figures = await benchSizeInBrowser(page, paths);
      const after = await cpuTimes(metrics);
      await metrics.detach();
      const profile =
        profiler === null ? undefined : await profiler.finish(resolve(PROFILE_DIR!), paths);
      await page.evaluate(() => window.linework!.editor.history.undo());
      results.push({
        paths,
        // The machine's load when this size ran: wall-clock tasks stretch with it.
        loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
        ...figures,
        // From the call to 200 ms after the first frame; the process's time holds the worker's.
        mainThreadCpuMs: Math.round(after.thread - before.thread),
        pageProcessCpuMs: Math.round(after.process - before.process),
        ...(profile === undefined ? {} : { profile }),
      });
      await context.close();
    }
  } finally {
    await browser.close();
    server?.kill();
  }
  return { root: ROOT, results };
}

/** CPU time of the page's main thread and of its whole process (workers included), in ms. */
async function cpuTimes(cdp: CDPSession): Promise<{ thread: number; process: number }> {
  const { metrics } = await cdp.send("Performance.getMetrics");
  const value = (name: string): number => (metrics.find((m) => m.name === name)?.value ?? 0) * 1000;
  return { thread: value("ThreadTime"), process: value("ProcessTime") };
}

// ---- Profiles ----

interface CallFrame {
  readonly functionName: string;
  readonly url: string;
  readonly lineNumber: number;
  readonly columnNumber: number;
}

interface ProfileNode {
  readonly id: number;
  readonly callFrame: CallFrame;
  readonly children?: readonly number[];
}

/** Chrome DevTools' CPU profile format, as Profiler.stop returns it. */
export interface CpuProfile {
  readonly nodes: readonly ProfileNode[];
  readonly startTime: number;
  readonly endTime: number;
  readonly samples: readonly number[];
  readonly timeDeltas: readonly number[];
}

/**
 * Starts CPU profiles of the page's main thread and of every worker it starts from now on (the
 * workers wait for their profiler before running). `finish` stops them, writes them as
 * .cpuprofile files and summarises them.
 */
async function startProfiles(page: Page) {
  const cdp = await page.context().newCDPSession(page);
  const workerProfiles: Array<Promise<CpuProfile>> = [];
  const workerSessions: string[] = [];
  const waiting = new Map<number, (result: unknown) => void>();
  let nextId = 1;
  const sendToWorker = (sessionId: string, method: string, params: object = {}) =>
    new Promise<unknown>((done) => {
      const id = nextId++;
      waiting.set(id, done);
      void cdp.send("Target.sendMessageToTarget", {
        sessionId,
        message: JSON.stringify({ id, method, params }),
      });
    });
  cdp.on("Target.receivedMessageFromTarget", (event) => {
    const message = JSON.parse(event.message) as { id?: number; result?: unknown };
    if (message.id !== undefined) waiting.get(message.id)?.(message.result);
  });
  cdp.on("Target.attachedToTarget", (event) => {
    const { sessionId } = event;
    if (event.targetInfo.type !== "worker") return;
    workerSessions.push(sessionId);
    void sendToWorker(sessionId, "Profiler.enable")
      .then(() => sendToWorker(sessionId, "Profiler.setSamplingInterval", { interval: 250 }))
      .then(() => sendToWorker(sessionId, "Profiler.start"))
      .then(() => sendToWorker(sessionId, "Runtime.runIfWaitingForDebugger"));
  });
  await cdp.send("Target.setAutoAttach", {
    autoAttach: true,
    waitForDebuggerOnStart: true,
    flatten: false,
  });
  await cdp.send("Profiler.enable");
  await cdp.send("Profiler.setSamplingInterval", { interval: 250 });
  await cdp.send("Profiler.start");
  return {
    async finish(dir: string, paths: number) {
      const { profile } = await cdp.send("Profiler.stop");
      for (const sessionId of workerSessions)
        workerProfiles.push(
          sendToWorker(sessionId, "Profiler.stop").then(
            (r) => (r as { profile: CpuProfile }).profile,
          ),
        );
      const workers = await Promise.all(workerProfiles);
      await page.evaluate(() =>
        (globalThis as unknown as { __releaseWorkers(): void }).__releaseWorkers(),
      );
      await cdp.detach();
      mkdirSync(dir, { recursive: true });
      writeFileSync(resolve(dir, `import-${paths}-page.cpuprofile`), JSON.stringify(profile));
      workers.forEach((p, i) =>
        writeFileSync(resolve(dir, `import-${paths}-worker${i}.cpuprofile`), JSON.stringify(p)),
      );
      return {
        page: await summariseProfile(profile as CpuProfile),
        workers: await Promise.all(workers.map((p) => summariseProfile(p))),
      };
    },
  };
}

/**
 * Where a profile's time went: self time given to the innermost frame of our own code above
 * each sample (so PixiJS's or JSON.parse's time counts for the code of ours that called it),
 * by source folder and by source file, read through the bundle's source maps.
 */
export async function summariseProfile(profile: CpuProfile) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const parent = new Map<number, number>();
  for (const n of profile.nodes) for (const c of n.children ?? []) parent.set(c, n.id);
  const maps = new Map<string, SourceLookup | null>();
  for (const n of profile.nodes) {
    const url = n.callFrame.url;
    if (url.startsWith("http") && !maps.has(url)) maps.set(url, await sourceLookupOf(url));
  }
  const sourceOf = (frame: CallFrame): string | null => {
    const lookup = maps.get(frame.url);
    return lookup ? lookup(frame.lineNumber, frame.columnNumber) : null;
  };
  const ownSource = new Map<number, string>();
  const attribute = (id: number): string => {
    const known = ownSource.get(id);
    if (known !== undefined) return known;
    const node = byId.get(id)!;
    const name = node.callFrame.functionName;
    let label: string;
    if (name === "(garbage collector)" || name === "(idle)" || name === "(program)") label = name;
    else {
      const source = sourceOf(node.callFrame);
      const own = source === null ? null : ownPath(source);
      const up = parent.get(id);
      label =
        own !== null
          ? `${own} ${name || "(anonymous)"}`
          : up === undefined
            ? "(other)"
            : attribute(up);
      if (!own && label === "(root)") label = source ?? `(${name || "anonymous"})`;
    }
    ownSource.set(id, label);
    return label;
  };
  ownSource.set(profile.nodes[0]!.id, "(root)");
  const files = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const label = attribute(id);
    files.set(label, (files.get(label) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const folders = new Map<string, number>();
  const byFile = new Map<string, number>();
  for (const [where, ms] of files) {
    const file = where.split(" ")[0]!;
    const folder = file.replace(/\/[^/]*$/, "");
    folders.set(folder, (folders.get(folder) ?? 0) + ms);
    byFile.set(file, (byFile.get(file) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    Object.fromEntries(
      [...m]
        .sort((a, b) => b[1] - a[1])
        .slice(0, n)
        .map(([k, v]) => [k, Math.round(v)]),
    );
  return {
    totalMs: Math.round((profile.endTime - profile.startTime) / 1000),
    byFolder: top(folders, 12),
    byFile: top(byFile, 16),
    byFunction: top(files, 24),
  };
}

/** A source path of ours from the repository's root (src/…, engine/…), or null for a library. */
function ownPath(source: string): string | null {
  if (source.includes("node_modules")) return null;
  return /(?:^|\/)((?:src|engine)\/.*)$/.exec(source)?.[1] ?? null;
}

/** From a bundle position (0-based line and column) to the source file it was built from. */
type SourceLookup = (line: number, column: number) => string | null;

async function sourceLookupOf(url: string): Promise<SourceLookup | null> {
  const response = await fetch(`${url.split("?")[0]}.map`).catch(() => null);
  if (response === null || !response.ok) return null;
  const map = (await response.json()) as { sources: string[]; mappings: string };
  const sources = map.sources.map((s) => s.replace(/^(\.\.\/)+/, ""));
  // Per generated line, its segments' starting columns and source indexes, in column order.
  const lines: Array<{ columns: number[]; sources: number[] }> = [];
  let source = 0;
  for (const text of map.mappings.split(";")) {
    const columns: number[] = [];
    const indexes: number[] = [];
    let column = 0;
    for (const segment of text.split(",")) {
      if (segment.length === 0) continue;
      const fields = decodeVlq(segment);
      column += fields[0] ?? 0;
      if (fields.length >= 4) {
        source += fields[1]!;
        columns.push(column);
        indexes.push(source);
      }
      // Original line and column (fields 2 and 3) are not needed to name the file.
    }
    lines.push({ columns, sources: indexes });
  }
  return (line, column) => {
    const row = lines[line];
    if (row === undefined || row.columns.length === 0) return null;
    let lo = 0;
    let hi = row.columns.length - 1;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (row.columns[mid]! <= column) lo = mid;
      else hi = mid - 1;
    }
    return sources[row.sources[lo]!] ?? null;
  };
}

const BASE64 = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";

function decodeVlq(segment: string): number[] {
  const out: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = BASE64.indexOf(char);
    value += (digit & 31) << shift;
    if (digit & 32) shift += 5;
    else {
      out.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return out;
}

export async function benchImport(): Promise<object> {
  const results = [];
  for (const paths of SIZES) results.push(await benchSize(paths));
  return {
    what: "SVG import: parse + convert + one transaction into a store",
    loadAverage: loadavg().map((n) => Math.round(n * 10) / 10),
    results,
    browser: await benchInBrowser(),
  };
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  process.stdout.write(`${JSON.stringify(await benchImport(), null, 2)}\n`);
}
