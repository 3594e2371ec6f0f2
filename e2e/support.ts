import { expect, test, type Browser, type Page } from "@playwright/test";
import { NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { DocRecord, RectNode } from "../src/doc/types";
import { serializeDocument } from "../src/io/native/format";

/** Opens the app and waits until the program's main routine has run. */
export async function openApp(page: Page, search = ""): Promise<void> {
  await page.goto(`/${search}`);
  await page.waitForFunction(() => window.linework?.engine.state === "running");
  // The start-up fits end by focusing the canvas (spec §2); a test that moves focus before they
  // land would lose it to them.
  await page.waitForFunction(() => !window.linework!.engine.shell.fitPending);
}

/**
 * One started app for every test of the enclosing `test.describe` (or file), for tests that do
 * not depend on what an earlier one left in it: each opens a document of its own, or only reads.
 * The app starts once instead of once a test. The tests run in order in one worker; after a
 * failure the rest go on in a new worker, with a new app. Returns the page, for the tests.
 */
export function sharedApp(
  options: { readonly viewport?: { width: number; height: number } } = {},
): () => Page {
  let shared: Page | null = null;
  test.describe.configure({ mode: "default" });
  test.beforeAll(async ({ browser }, testInfo) => {
    const { baseURL, viewport } = testInfo.project.use;
    shared = await browser.newPage({ baseURL, viewport: options.viewport ?? viewport });
    await openApp(shared);
  });
  test.afterAll(async () => {
    await shared?.close();
  });
  return () => {
    if (shared === null) throw new Error("the shared app has not started");
    return shared;
  };
}

/**
 * `sharedApp`, put back before each test as a fresh start leaves it (see `resetApp`): for tests
 * that edit the document, the tool settings or the chrome's state, but not storage, the page
 * itself or the browser context.
 */
export function sharedFreshApp(
  options: { readonly viewport?: { width: number; height: number } } = {},
): () => Page {
  const shared = sharedApp(options);
  test.beforeEach(async () => {
    await resetApp(shared());
  });
  return shared;
}

/**
 * One started app per worker for the tests of a file that call the returned function, put back
 * before each (see `resetApp`); unlike `sharedApp` the tests stay free to run in parallel, and
 * the file's other tests keep a page of their own. After a failure the next test gets a new app.
 */
export function reusedApp(): (browser: Browser) => Promise<Page> {
  let shared: Page | null = null;
  test.afterAll(async () => {
    await shared?.context().close();
    shared = null;
  });
  // eslint-disable-next-line no-empty-pattern -- Playwright reads the fixtures from the pattern
  test.afterEach(async ({}, testInfo) => {
    if (testInfo.status === testInfo.expectedStatus) return;
    await shared?.context().close();
    shared = null;
  });
  return async (browser) => {
    if (shared === null) {
      const { baseURL, viewport } = test.info().project.use;
      // A context of its own, as the page fixture's is (axe-core refuses pages from newPage).
      const context = await browser.newContext({ baseURL, viewport });
      shared = await context.newPage();
      await openApp(shared);
    }
    await resetApp(shared);
    return shared;
  };
}

interface StartState {
  readonly tools: unknown;
  readonly chrome: unknown;
  readonly view: unknown;
  readonly banners: readonly string[];
  readonly clipboardRead: string;
}

/**
 * Puts a started app back as a fresh start leaves it, at a fraction of a reload's cost: a new,
 * empty document (its own history, camera and selection), the tool settings, the chrome's state
 * (dialogs, focus mode, theme, drawer), the view preferences and the banners as they were at
 * start-up, the screen-reader announcements empty, the pointer off the canvas, and the keyboard on
 * the canvas; the browser context's granted permissions (the clipboard's) taken back; the style
 * tags `hideChrome` added removed. Checks afterwards that nothing of the last test shows: no
 * shapes, no undo, no text being edited, no dialog or menu, no hidden chrome, no announcement, no
 * clipboard permission beyond a fresh start's.
 */
export async function resetApp(page: Page): Promise<void> {
  await page.context().clearPermissions();
  await page.evaluate(async () => {
    const lw = window.linework!;
    const key = "__lineworkStartState";
    const holder = window as unknown as Record<string, StartState | undefined>;
    holder[key] ??= {
      tools: structuredClone(lw.tools.get()),
      chrome: structuredClone(lw.chrome.getSnapshot()),
      view: structuredClone(lw.current.viewport.preferences),
      banners: lw.banners.get().map((banner) => banner.id),
      clipboardRead: (
        await navigator.permissions.query({ name: "clipboard-read" as PermissionName })
      ).state,
    };
    const start = holder[key]!;
    // Whatever the last test left open is closed before its document is given up.
    const field = document.querySelector("textarea.linework-text-editor");
    if (field instanceof HTMLElement) field.blur();
    await lw.newDocument({ discardUnsaved: true });
    // Storage settles as after a start-up: the new document is stored and read back.
    await lw.persistence?.whenSnapshotChecked();
    await lw.persistence?.whenSaved();
    lw.tools.update(structuredClone(start.tools) as Parameters<typeof lw.tools.update>[0]);
    lw.chrome.update(structuredClone(start.chrome) as Parameters<typeof lw.chrome.update>[0]);
    lw.current.viewport.setPreferences(
      structuredClone(start.view) as Parameters<typeof lw.current.viewport.setPreferences>[0],
    );
    for (const banner of lw.banners.get())
      if (!start.banners.includes(banner.id)) lw.banners.dismiss(banner.id);
    // hideChrome's style tags (marked by it); the announcer's live regions, which it writes itself.
    for (const style of document.querySelectorAll("style[data-e2e-style]")) style.remove();
    for (const region of document.querySelectorAll(
      "[data-testid=announcer], [data-testid=announcer] + [aria-live]",
    ))
      region.textContent = "";
    lw.engine.invalidate();
  });
  await page.mouse.move(0, 0);
  // A change to the canvas's parent re-fits it 200 ms later, and the fit takes the focus.
  await page.waitForFunction(() => !window.linework!.engine.shell.fitPending);
  await page.locator("canvas").focus();
  await waitTicks(page);
  const left = await page.evaluate(async () => {
    const lw = window.linework!;
    const start = (window as unknown as Record<string, StartState>)["__lineworkStartState"]!;
    const visible = (selector: string): boolean =>
      [...document.querySelectorAll(selector)].some(
        (element) => element instanceof HTMLElement && element.offsetParent !== null,
      );
    return {
      nodes: lw.editor.store.childrenOf(lw.current.pageId()).length,
      pages: lw.editor.store.pages().length,
      history: lw.editor.history.depth,
      selection: lw.editor.store.selection.length,
      tool: lw.tools.get().tool,
      textField: visible("textarea.linework-text-editor"),
      popup: visible("[role=dialog], [role=menu], [role=listbox]"),
      focused: document.activeElement === lw.engine.shell.canvas,
      addedStyles: document.querySelectorAll("style[data-e2e-style]").length,
      announced: [
        ...document.querySelectorAll(
          "[data-testid=announcer], [data-testid=announcer] + [aria-live]",
        ),
      ].map((region) => region.textContent),
      clipboardPermission:
        (await navigator.permissions.query({ name: "clipboard-read" as PermissionName })).state ===
        start.clipboardRead,
    };
  });
  expect(left, "the shared app is back as a fresh start leaves it").toEqual({
    nodes: 0,
    pages: 1,
    history: { undo: 0, redo: 0 },
    selection: 0,
    tool: "select",
    textField: false,
    popup: false,
    focused: true,
    addedStyles: 0,
    announced: ["", ""],
    clipboardPermission: true,
  });
}

/** Opens the bare embedding fixture; the test starts the engine itself. */
export async function openFixture(page: Page): Promise<void> {
  await page.goto("/fixtures/blank.html");
  await page.waitForFunction(() => window.embed !== undefined);
}

/** Starts an engine in the fixture's #parent with a fixed 16:9 ratio and waits for it to run. */
export async function startFixtureEngine(page: Page): Promise<void> {
  await openFixture(page);
  await page.evaluate(async () => {
    const parent = document.getElementById("parent");
    if (!parent || !window.embed) throw new Error("fixture not ready");
    window.engine = await window.embed.startEngine({
      parent,
      wasmUrl: "/linework.wasm",
      aspectRatio: { width: 16, height: 9 },
    });
    // The parent's first observation schedules a re-fit; a test that changes the page while
    // that one is still waiting would see it land early, so start from a settled shell.
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));
  });
  await page.waitForFunction(() => !window.engine?.shell.fitPending);
}

export async function canvasBox(
  page: Page,
): Promise<{ x: number; y: number; width: number; height: number }> {
  const box = await page.locator("canvas").boundingBox();
  expect(box).not.toBeNull();
  return box as { x: number; y: number; width: number; height: number };
}

/** Waits for a number of engine ticks, so polled input has been published. */
export async function waitTicks(page: Page, count = 3): Promise<void> {
  await page.evaluate(async (n) => {
    const engine = window.engine ?? window.linework?.engine;
    if (!engine) throw new Error("no engine");
    const target = engine.ticks + n;
    while (engine.ticks < target) await new Promise((resolve) => requestAnimationFrame(resolve));
  }, count);
}

/**
 * Waits until the renderer rests (a zoom settled, live edits ended: see `SceneRenderer.resting`)
 * and has drawn what resting rebuilt, instead of waiting a time that a loaded machine outlasts.
 */
export async function waitForRestingView(page: Page): Promise<void> {
  await waitTicks(page, 1);
  await page.waitForFunction(() => window.linework!.current.renderer.resting);
  await waitTicks(page, 2);
}

/**
 * A real screenshot of a page rectangle, decoded by the browser: RGBA bytes, row by row. The
 * bytes travel as base64: as a JSON array of numbers they would take seconds.
 */
export async function screenshotPixels(
  page: Page,
  clip: { x: number; y: number; width: number; height: number },
): Promise<{ width: number; height: number; data: Buffer }> {
  const png = await page.screenshot({ clip });
  const { width, height, raw } = await page.evaluate(async (base64) => {
    const image = new Image();
    image.src = `data:image/png;base64,${base64}`;
    await image.decode();
    const canvas = document.createElement("canvas");
    canvas.width = image.width;
    canvas.height = image.height;
    const context = canvas.getContext("2d") as CanvasRenderingContext2D;
    context.drawImage(image, 0, 0);
    const pixels = context.getImageData(0, 0, image.width, image.height).data;
    let binary = "";
    for (let i = 0; i < pixels.length; i += 0x8000)
      binary += String.fromCharCode(...pixels.subarray(i, i + 0x8000));
    return { width: image.width, height: image.height, raw: btoa(binary) };
  }, png.toString("base64"));
  return { width, height, data: Buffer.from(raw, "base64") };
}

/** The colour the user sees at a page point, read from a real screenshot. */
export async function screenPixel(page: Page, x: number, y: number): Promise<number[]> {
  const { data } = await screenshotPixels(page, { x, y, width: 1, height: 1 });
  return Array.from(data.subarray(0, 3));
}

/** The engine's default clear colour, 0xf4f4f5. */
export const BACKGROUND_RGB = [0xf4, 0xf4, 0xf5];

/** Adds rectangles to the first page in one transaction, as a tool would; false when refused. */
export async function addRects(page: Page, ids: readonly string[]): Promise<boolean> {
  const rects = ids.map((id) => {
    const node = makeNode<RectNode>("rect", id, "", `a${id}`, {
      width: 40,
      height: 30,
      radii: [0, 0, 0, 0],
      fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
      stroke: NO_STROKE,
    });
    return { ...node, transform: { ...node.transform, x: 10, y: 10 } };
  });
  return page.evaluate((list) => {
    const store = window.linework!.editor.store;
    const parent = store.pages()[0]!.id;
    const commit = store.transact("Add rectangles", (tx) => {
      for (const rect of list) tx.put({ ...rect, parent });
    });
    return commit !== null;
  }, rects);
}

export function hasRecord(page: Page, id: string): Promise<boolean> {
  return page.evaluate((key) => window.linework!.editor.store.has(key), id);
}

/**
 * Hides the chrome (panels, banners, the statistics HUD) so probes and screenshots see only the
 * canvas; hidden chrome takes no pointer events either, so input reaches the canvas. `resetApp`
 * shows it again.
 */
export async function hideChrome(page: Page, options: { keepHud?: boolean } = {}): Promise<void> {
  const hidden = options.keepHud ? ".lw-overlay-host" : ".lw-overlay-host, .lw-hud";
  const style = await page.addStyleTag({ content: `${hidden} { visibility: hidden !important; }` });
  // Marked, so that resetApp takes it away again.
  await style.evaluate((element) => (element as Element).setAttribute("data-e2e-style", ""));
  await style.dispose();
}

/** Opens `records` as the document and shows them at `view` (the origin at 100 % unless said). */
export async function showDocument(
  page: Page,
  records: readonly DocRecord[],
  view: { x: number; y: number; zoom: number } = { x: 0, y: 0, zoom: 1 },
): Promise<void> {
  const result = await page.evaluate(
    (text) => window.linework!.importDocument(text),
    serializeDocument(records),
  );
  expect(result.ok).toBe(true);
  await page.evaluate((at) => {
    window.linework!.current.camera.set(at);
    window.linework!.engine.invalidate();
  }, view);
}

/**
 * Opens the app for drawing through real input: the page's origin well inside the canvas
 * (clear of the chrome along its edges), snapping off, the keyboard on the canvas.
 */
export async function startDrawing(
  page: Page,
  view: { x: number; y: number; zoom: number } = { x: 200, y: 150, zoom: 1 },
): Promise<void> {
  await openApp(page);
  await prepareDrawing(page, view);
}

/** `startDrawing` for an app already started (one `resetApp` has put back). */
export async function prepareDrawing(
  page: Page,
  view: { x: number; y: number; zoom: number } = { x: 200, y: 150, zoom: 1 },
): Promise<void> {
  await page.evaluate((at) => {
    const lw = window.linework!;
    lw.current.camera.set(at);
    lw.tools.update({ snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 } });
  }, view);
  await page.locator("canvas").focus();
  await waitTicks(page);
}

/** Page (CSS pixel) coordinates of a point of the drawing. */
export async function worldToPage(
  page: Page,
  world: { x: number; y: number },
): Promise<{ x: number; y: number }> {
  const box = await canvasBox(page);
  const p = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), world);
  return { x: box.x + p.x, y: box.y + p.y };
}

/** A mouse drag between two points of the drawing, with a key held if asked, then a few ticks. */
export async function dragWorld(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
  modifier?: "Control",
): Promise<void> {
  const a = await worldToPage(page, from);
  const b = await worldToPage(page, to);
  if (modifier) await page.keyboard.down(modifier);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  if (modifier) await page.keyboard.up(modifier);
  await waitTicks(page);
}

/** Draws with a tool's key and one drag; returns the new node's id (it is selected). */
export async function drawWith(
  page: Page,
  toolKey: string,
  from: { x: number; y: number },
  to: { x: number; y: number },
  modifier?: "Control",
): Promise<string> {
  await page.keyboard.press(toolKey);
  await dragWorld(page, from, to, modifier);
  return page.evaluate(() => window.linework!.editor.store.selection[0]!);
}

/** Drops one file on the middle of the canvas, as a person dragging it from the desktop would. */
export async function dropFile(
  page: Page,
  name: string,
  bytes: Uint8Array,
  type: string,
): Promise<void> {
  await page.evaluate(
    ({ fileName, data, mime }) => {
      const transfer = new DataTransfer();
      transfer.items.add(new File([Uint8Array.from(data)], fileName, { type: mime }));
      const canvas = document.querySelector("canvas")!;
      const box = canvas.getBoundingClientRect();
      const init: DragEventInit = {
        dataTransfer: transfer,
        clientX: box.left + box.width / 2,
        clientY: box.top + box.height / 2,
        bubbles: true,
        cancelable: true,
      };
      canvas.dispatchEvent(new DragEvent("dragover", init));
      canvas.dispatchEvent(new DragEvent("drop", init));
    },
    { fileName: name, data: Array.from(bytes), mime: type },
  );
}
