// Benchmarks the chrome (the React layer over the canvas) in headless Chromium on a 10k-shape
// document: React commits during a 60-frame drag of a selected shape with the real mouse, during
// 60-frame pans (the camera moved directly, and the wheel), and the time from selecting all 10k
// shapes (Ctrl+A, and `store.setSelection`) to the properties panel showing their values. Prints
// JSON. Run alone: npx tsx bench/chrome.ts. Serves dist/ (build it first: npm run build), or
// BENCH_CHROME_ROOT; BENCH_CHROME_SHAPES sets the document's size.
//
// Commits are counted through React's DevTools hook (every root, every commit) and, per
// component, through the overlay's `data-renders-by` attribute (see src/ui/renderCount.ts).

import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";
import { serializeDocument } from "../src/io/native/format.ts";
import { makeDocument } from "./document.ts";
import { REACT_COMMIT_COUNTER, serveApp } from "./appServer.ts";

const SHAPES = Number(process.env.BENCH_CHROME_SHAPES ?? 10_000);
const PORT = Number(process.env.BENCH_CHROME_PORT ?? 4613);
const ROOT = resolve(process.env.BENCH_CHROME_ROOT ?? "dist");
const VIEW = { width: 1280, height: 800 };
const FRAMES = 60;
/** Selection timings are taken this many times each; the median and the worst are reported. */
const REPEATS = 7;
/** One display frame at 60 Hz. */
const FRAME_MS = 1000 / 60;

interface Commits {
  /** React commits (every root), from the DevTools hook. */
  readonly react: number;
  /** Committed renders per chrome component that changed, from `data-renders-by`. */
  readonly byComponent: Record<string, number>;
}

interface Counts {
  readonly react: number;
  readonly byComponent: Record<string, number>;
}

async function counts(page: Page): Promise<Counts> {
  return page.evaluate(() => {
    const host = document.querySelector<HTMLElement>("[data-testid='overlay']");
    return {
      react: (globalThis as { __reactCommits?: number }).__reactCommits ?? -1,
      byComponent: JSON.parse(host?.dataset["rendersBy"] ?? "{}") as Record<string, number>,
    };
  });
}

function difference(before: Counts, after: Counts): Commits {
  const byComponent: Record<string, number> = {};
  for (const [name, n] of Object.entries(after.byComponent)) {
    const added = n - (before.byComponent[name] ?? 0);
    if (added !== 0) byComponent[name] = added;
  }
  return { react: after.react - before.react, byComponent };
}

function nextFrame(page: Page): Promise<void> {
  return page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => done())));
}

function round(n: number): number {
  return Math.round(n * 100) / 100;
}

function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}

/** Waits until autosave has settled, so its status change does not land inside a measurement. */
async function settle(page: Page): Promise<void> {
  await page
    .getByTestId("save-state")
    .filter({ hasText: "Saved" })
    .waitFor({ timeout: 60_000 })
    .catch(() => undefined);
  for (let i = 0; i < 5; i += 1) await nextFrame(page);
}

interface DragResult {
  /** Commits from the first move to the last one, the button still held: the target is 0. */
  readonly duringDrag: Commits;
  /**
   * Commits from the release until two frames later: the panels catching up once with where the
   * shape went. Not part of the drag; reported so a per-move update cannot hide in it.
   */
  readonly onRelease: Commits;
  /** How far the shape moved in page units, so a drag that did nothing cannot pass. */
  readonly movedBy: number;
}

/** Drags a selected shape 60 frames with the real mouse, one move per animation frame. */
async function benchDrag(page: Page, id: string): Promise<DragResult> {
  const start = await page.evaluate((nodeId) => {
    const app = window.linework!;
    const node = app.editor.store.get(nodeId) as unknown as { transform: { x: number } };
    app.current.camera.set({ x: 200 - node.transform.x, y: 300, zoom: 1 });
    app.editor.store.setSelection([nodeId]);
    return node.transform.x;
  }, id);
  await settle(page);
  const canvas = await page.locator("canvas").boundingBox();
  if (canvas === null) throw new Error("no canvas");
  // The shape's middle (a 60×40 rectangle or a 50×50 ellipse at its origin).
  const point = await page.evaluate(() =>
    window.linework!.current.camera.worldToScreen({ x: 0, y: 0 }),
  );
  const x = canvas.x + point.x + 20;
  const y = canvas.y + point.y + 20;
  await page.mouse.move(x, y);
  await page.mouse.down();
  await nextFrame(page);
  let before: Counts | null = null;
  for (let step = 1; step <= FRAMES; step += 1) {
    await page.mouse.move(x + step * 4, y + step);
    if (before === null) before = await counts(page);
    await nextFrame(page);
  }
  const held = await counts(page);
  await page.mouse.up();
  await nextFrame(page);
  await nextFrame(page);
  const released = await counts(page);
  const end = await page.evaluate(
    (nodeId) =>
      (window.linework!.editor.store.get(nodeId) as unknown as { transform: { x: number } })
        .transform.x,
    id,
  );
  return {
    duringDrag: difference(before!, held),
    onRelease: difference(held, released),
    movedBy: round(end - start),
  };
}

/** A 60-frame pan: the camera moved once per animation frame, as scripts and tools move it. */
async function benchCameraPan(page: Page): Promise<Commits> {
  await settle(page);
  const before = await counts(page);
  await page.evaluate(async (frames) => {
    const { camera } = window.linework!.current;
    for (let frame = 0; frame < frames; frame += 1) {
      camera.panBy(7, 3);
      await new Promise((done) => requestAnimationFrame(done));
    }
  }, FRAMES);
  return difference(before, await counts(page));
}

/** A 60-frame pan with the mouse wheel over the canvas, one wheel event per frame. */
async function benchWheelPan(page: Page): Promise<{ commits: Commits; cameraMoved: boolean }> {
  const canvas = await page.locator("canvas").boundingBox();
  if (canvas === null) throw new Error("no canvas");
  await page.mouse.move(canvas.x + canvas.width / 2, canvas.y + canvas.height / 2);
  await settle(page);
  const cameraX = (): Promise<number> =>
    page.evaluate(() => window.linework!.current.camera.x as number);
  const x0 = await cameraX();
  const before = await counts(page);
  for (let frame = 0; frame < FRAMES; frame += 1) {
    await page.mouse.wheel(12, 6);
    await nextFrame(page);
  }
  await nextFrame(page);
  const commits = difference(before, await counts(page));
  return { commits, cameraMoved: (await cameraX()) !== x0 };
}

interface Spread {
  readonly min: number;
  readonly median: number;
  readonly max: number;
}

interface SelectionTiming {
  /**
   * From the selection changing (after the canvas overlays' own listeners) to the panel's DOM
   * showing the new values. Through `store.setSelection` this is React's render and commit of
   * the chrome; through Ctrl+A the change happens inside the engine's frame callback and React
   * renders after it, so the rest of that frame (drawing the canvas) is included.
   */
  readonly workMs: Spread;
  /** For Ctrl+A: from the key's DOM event (the engine reads keys on its next tick). */
  readonly fromKeyMs?: Spread;
  /** Display frames that began between the change and the DOM update (0: the same frame). */
  readonly framesBetween: Spread;
  readonly runs: number;
}

/**
 * Arms a watcher in the page: from a one-shape selection (the Width field shows its width) to
 * the whole page (the width of the box they all span), timing the selection change, the DOM
 * update and the frames between. Resolves with the three times once the panel shows it.
 */
async function timeSelection(page: Page, how: "keyboard" | "store"): Promise<number[]> {
  await page.evaluate(() => {
    const app = window.linework!;
    const store = app.editor.store;
    const first = store.childrenOf(store.pages()[0]!.id)[0]!.id;
    store.setSelection([first]);
  });
  const x = page.locator("#lw-side-panels").getByLabel("Width", { exact: true });
  await x.waitFor();
  await page.waitForFunction(() => {
    const panel = document.getElementById("lw-side-panels");
    const field = [...(panel?.querySelectorAll("input") ?? [])].find(
      (input) => input.labels?.[0]?.textContent === "Width",
    );
    return field !== undefined && field.value !== "";
  });
  await nextFrame(page);
  const armed = page.evaluate(
    () =>
      new Promise<number[]>((done, fail) => {
        const app = window.linework!;
        const panel = document.getElementById("lw-side-panels")!;
        let keyAt = Number.NaN;
        let changedAt = Number.NaN;
        let frames = 0;
        let counting = false;
        const tick = (): void => {
          if (!counting) return;
          frames += 1;
          requestAnimationFrame(tick);
        };
        const onKey = (event: KeyboardEvent): void => {
          if (event.code === "KeyA") keyAt = performance.now();
        };
        window.addEventListener("keydown", onKey, true);
        // Added after the chrome's own listeners, so it runs as the selection is published.
        const stop = app.editor.store.subscribeSelection(() => {
          if (!Number.isNaN(changedAt)) return;
          changedAt = performance.now();
          counting = true;
          requestAnimationFrame(tick);
        });
        const widthField = () =>
          [...panel.querySelectorAll("input")].find(
            (input) => input.labels?.[0]?.textContent === "Width",
          );
        const oneShape = widthField()?.value;
        const shows = (): boolean => {
          const value = widthField()?.value;
          return value !== undefined && value !== "" && value !== oneShape;
        };
        const observer = new MutationObserver(() => {
          if (Number.isNaN(changedAt) || !shows()) return;
          const shownAt = performance.now();
          counting = false;
          observer.disconnect();
          stop();
          window.removeEventListener("keydown", onKey, true);
          clearTimeout(timer);
          done([shownAt - changedAt, shownAt - keyAt, frames]);
        });
        observer.observe(panel, {
          subtree: true,
          childList: true,
          attributes: true,
          characterData: true,
        });
        const timer = setTimeout(() => {
          observer.disconnect();
          stop();
          fail(new Error("the properties panel did not show the selection within 10 s"));
        }, 10_000);
      }),
  );
  if (how === "keyboard") {
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+KeyA");
  } else {
    await page.evaluate(() => {
      const store = window.linework!.editor.store;
      store.setSelection(store.childrenOf(store.pages()[0]!.id).map((node) => node.id));
    });
  }
  const result = await armed;
  const selected = await page.evaluate(() => window.linework!.editor.store.selection.length);
  if (selected !== SHAPES) throw new Error(`${selected} selected instead of ${SHAPES}`);
  return result;
}

async function benchSelection(page: Page, how: "keyboard" | "store"): Promise<SelectionTiming> {
  const work: number[] = [];
  const fromKey: number[] = [];
  const frames: number[] = [];
  for (let run = 0; run < REPEATS; run += 1) {
    const [workMs, fromKeyMs, between] = await timeSelection(page, how);
    work.push(workMs!);
    fromKey.push(fromKeyMs!);
    frames.push(between!);
  }
  const stats = (values: number[]): Spread => ({
    min: round(Math.min(...values)),
    median: round(median(values)),
    max: round(Math.max(...values)),
  });
  return {
    workMs: stats(work),
    ...(how === "keyboard" ? { fromKeyMs: stats(fromKey) } : {}),
    framesBetween: stats(frames),
    runs: REPEATS,
  };
}

export async function benchChrome(): Promise<object> {
  const server = await serveApp(PORT, ROOT);
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  try {
    const context = await browser.newContext({ viewport: VIEW });
    // tsx names the functions it compiles with a helper the page does not have.
    await context.addInitScript("globalThis.__name = (f) => f;");
    await context.addInitScript(REACT_COMMIT_COUNTER);
    const page = await context.newPage();
    await page.goto(`http://localhost:${PORT}/`);
    await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
      timeout: 60_000,
    });
    const text = serializeDocument(makeDocument(SHAPES));
    await page.evaluate(async (text) => {
      const result = await window.linework!.importDocument(text, "bench");
      if (!result.ok) throw new Error(result.error);
    }, text);
    await settle(page);
    const drag = await benchDrag(page, "s0");
    const cameraPan = await benchCameraPan(page);
    const wheelPan = await benchWheelPan(page);
    const selectByStore = await benchSelection(page, "store");
    const selectByKeyboard = await benchSelection(page, "keyboard");
    await context.close();
    return {
      shapes: SHAPES,
      viewport: VIEW,
      framesPerGesture: FRAMES,
      targets:
        "0 React commits during a 60-frame drag and a 60-frame pan; the properties panel shows " +
        `a 10k selection within one frame (≤ ${round(FRAME_MS)} ms of work, 0 frames between)`,
      drag,
      cameraPan,
      wheelPan,
      selectByStore,
      selectByKeyboard,
    };
  } finally {
    await browser.close();
    server?.kill();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  benchChrome()
    .then((result) => console.log(JSON.stringify(result, null, 2)))
    .catch((error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    });
}
