import { expect, test, type Browser, type Page } from "@playwright/test";
import { NO_STROKE } from "../src/doc/factory";
import { makeNode } from "../src/shapes/makeNode";
import type { RectNode } from "../src/doc/types";
import { canvasBox, reusedApp, screenPixel, waitTicks } from "./support";

// What people run into in their first minutes with the chrome: shortcuts after a click on a
// panel, Esc back to the canvas, the middle button's paste on Linux, fitting into the room the
// panels leave, the dark canvas, and the grid beneath shapes. Everything goes through real input.

interface Rect {
  readonly left: number;
  readonly top: number;
  readonly right: number;
  readonly bottom: number;
}

/** A blue rectangle on the first page, as a tool would add it (one undo step). */
async function addRect(
  page: Page,
  rect: { id: string; name: string; x: number; y: number; width: number; height: number },
): Promise<void> {
  const node = makeNode<RectNode>("rect", rect.id, "", `a${rect.id}`, {
    name: rect.name,
    width: rect.width,
    height: rect.height,
    radii: [0, 0, 0, 0],
    fill: { type: "solid", color: { r: 0, g: 0, b: 1, a: 1 } },
    stroke: NO_STROKE,
  });
  const placed = { ...node, transform: { ...node.transform, x: rect.x, y: rect.y } };
  await page.evaluate((record) => {
    const store = window.linework!.editor.store;
    store.transact("Add rectangle", (tx) => tx.put({ ...record, parent: store.pages()[0]!.id }));
  }, placed);
}

// One app for the file's tests in each worker, put back as a fresh start leaves it.
const reused = reusedApp();

async function start(browser: Browser): Promise<Page> {
  const page = await reused(browser);
  await page.evaluate(() => {
    const lw = window.linework!;
    lw.current.camera.set({ x: 0, y: 0, zoom: 1 });
    lw.tools.update({ snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 } });
  });
  await expect(page.getByRole("toolbar", { name: "Tools" })).toBeVisible();
  return page;
}

const tool = (page: Page): Promise<string> =>
  page.evaluate(() => window.linework!.tools.get().tool);
const zoom = (page: Page): Promise<number> =>
  page.evaluate(() => window.linework!.current.camera.zoom);
const nodeCount = (page: Page): Promise<number> =>
  page.evaluate(() => {
    const lw = window.linework!;
    return lw.editor.store.childrenOf(lw.current.pageId()).length;
  });
const focusedIsCanvas = (page: Page): Promise<boolean> =>
  page.evaluate(() => document.activeElement === document.querySelector("canvas"));

/** The page-space rectangles of the shown panels. */
async function panelRects(page: Page): Promise<Record<string, Rect>> {
  return page.evaluate(() => {
    const out: Record<string, Rect> = {};
    for (const name of [
      "docbar",
      "topbar",
      "top-actions",
      "fullscreen",
      "left",
      "side",
      "bottom",
    ]) {
      const element = document.querySelector(`.lw-${name}`);
      if (!element) continue;
      const r = element.getBoundingClientRect();
      out[name] = { left: r.left, top: r.top, right: r.right, bottom: r.bottom };
    }
    return out;
  });
}

function overlaps(a: Rect, b: Rect): boolean {
  return a.left < b.right && b.left < a.right && a.top < b.bottom && b.top < a.bottom;
}

/** Where a world box is on the page now. */
async function onScreen(
  page: Page,
  box: { minX: number; minY: number; maxX: number; maxY: number },
): Promise<Rect> {
  const canvas = await canvasBox(page);
  const corners = await page.evaluate((b) => {
    const camera = window.linework!.current.camera;
    return [
      camera.worldToScreen({ x: b.minX, y: b.minY }),
      camera.worldToScreen({ x: b.maxX, y: b.maxY }),
    ];
  }, box);
  const [tl, br] = corners as [{ x: number; y: number }, { x: number; y: number }];
  return {
    left: canvas.x + tl.x,
    top: canvas.y + tl.y,
    right: canvas.x + br.x,
    bottom: canvas.y + br.y,
  };
}

/** The room the desktop layout's panels leave in the middle of the page. */
function middleRoom(panels: Record<string, Rect>): Rect {
  const top = Math.max(
    panels.docbar!.bottom,
    panels.topbar!.bottom,
    panels["top-actions"]!.bottom,
    panels.fullscreen!.bottom,
  );
  return {
    left: panels.left!.right,
    top,
    right: panels.side!.left,
    bottom: panels.bottom!.top,
  };
}

test.describe("first minutes: shortcuts after a click on the chrome", () => {
  // Each control is clicked with the real mouse, which takes focus from the canvas; then Ctrl+Z,
  // a tool letter and Shift+0 are typed with no pause between them.
  const CONTROLS: ReadonlyArray<{
    name: string;
    click: (page: Page) => Promise<void>;
    /** What Ctrl+Z must take back: the click's own edit, or the rectangle added before. */
    undone: (page: Page) => Promise<boolean>;
  }> = [
    {
      name: "a layer's eye icon",
      click: (page) => page.getByRole("button", { name: "Hide Box" }).click(),
      undone: (page) =>
        page.evaluate(() => {
          const node = window.linework!.editor.store.get("box");
          return node !== undefined && "hidden" in node && node.hidden === false;
        }),
    },
    {
      name: "Add page",
      click: (page) => page.getByRole("button", { name: "Add page" }).click(),
      undone: (page) => page.evaluate(() => window.linework!.editor.store.pages().length === 1),
    },
    {
      name: "a zoom button",
      click: (page) => page.getByRole("button", { name: "Zoom in" }).click(),
      undone: (page) => page.evaluate(() => !window.linework!.editor.store.has("box")),
    },
    {
      name: "the status bar",
      click: (page) => page.locator(".lw-statusbar").click(),
      undone: (page) => page.evaluate(() => !window.linework!.editor.store.has("box")),
    },
  ];

  for (const control of CONTROLS) {
    test(`after a click on ${control.name}, Ctrl+Z, R and Shift+0 reach the program`, async ({
      browser,
    }) => {
      const page = await start(browser);
      await addRect(page, { id: "box", name: "Box", x: 300, y: 300, width: 80, height: 60 });
      await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 3 }));
      await control.click(page);
      await waitTicks(page);
      expect(await focusedIsCanvas(page)).toBe(false);
      expect(await control.undone(page)).toBe(false);

      await page.keyboard.press("Control+z");
      await page.keyboard.press("r");
      await page.keyboard.press("Shift+Digit0");
      await waitTicks(page);

      expect(await control.undone(page)).toBe(true);
      expect(await tool(page)).toBe("rect");
      expect(await zoom(page)).toBe(1);
      // The keys came to the program without moving focus.
      expect(await focusedIsCanvas(page)).toBe(false);
    });
  }

  test("a focused button keeps Enter and the layer rows keep their arrows", async ({ browser }) => {
    const page = await start(browser);
    await addRect(page, { id: "box", name: "Box", x: 300, y: 300, width: 80, height: 60 });
    await page.evaluate(() => window.linework!.editor.store.setSelection(["box"]));
    const zoomIn = page.getByRole("button", { name: "Zoom in" });
    await zoomIn.focus();
    await page.keyboard.press("Enter");
    await waitTicks(page);
    // Enter pressed the button once; on the canvas it would have entered path editing.
    expect(await zoom(page)).toBe(2);
    expect(await tool(page)).toBe("select");

    await addRect(page, { id: "other", name: "Other", x: 0, y: 0, width: 10, height: 10 });
    const order = (): Promise<string[]> =>
      page.evaluate(() => {
        const store = window.linework!.editor.store;
        return store.childrenOf(store.pages()[0]!.id).map((n) => n.id);
      });
    expect(await order()).toEqual(["box", "other"]);
    await page.getByRole("button", { name: "Other", exact: true }).focus();
    await page.keyboard.press("Alt+ArrowDown");
    await expect.poll(order).toEqual(["other", "box"]);
    // Arrows on a focused row never nudge the selection.
    await page.keyboard.press("ArrowDown");
    await waitTicks(page);
    const y = await page.evaluate(() => window.linework!.editor.store.get("box")!);
    expect(y.type === "rect" && y.transform.y).toBe(300);
  });

  test("typing in a chrome text field never triggers shortcuts", async ({ browser }) => {
    const page = await start(browser);
    await addRect(page, { id: "box", name: "Box", x: 300, y: 300, width: 80, height: 60 });
    // Selected first: selecting fills the properties panel, which moves the row mid-double-click.
    await page.evaluate(() => window.linework!.editor.store.setSelection(["box"]));
    await page.getByRole("button", { name: "Box", exact: true }).dblclick();
    const field = page.getByRole("textbox", { name: "Rename Box" });
    await expect(field).toBeFocused();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("rev");
    await page.keyboard.press("Shift+Digit0");
    await page.keyboard.press("Delete");
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    // The letters were text, Shift+0 a ")", Ctrl+Z the field's own undo: nothing reached the
    // drawing (its Ctrl+Z would have taken the rectangle away, Delete removed it).
    expect(await tool(page)).toBe("select");
    expect(await zoom(page)).toBe(1);
    expect(await nodeCount(page)).toBe(1);
    await expect(field).toBeFocused();
    await page.keyboard.press("Escape");
    await expect(field).toHaveCount(0);

    // A properties field: the selection's X.
    const x = page.getByRole("textbox", { name: "X", exact: true });
    await x.click();
    await page.keyboard.press("Control+a");
    await page.keyboard.type("t");
    await page.keyboard.press("Backspace");
    await waitTicks(page);
    expect(await tool(page)).toBe("select");
    expect(await nodeCount(page)).toBe(1);
    await expect(x).toBeFocused();
  });

  test("Esc on a panel hands focus back to the canvas", async ({ browser }) => {
    const page = await start(browser);
    await addRect(page, { id: "box", name: "Box", x: 300, y: 300, width: 80, height: 60 });
    await page.getByRole("button", { name: "Hide Box" }).click();
    expect(await focusedIsCanvas(page)).toBe(false);
    await page.keyboard.press("Escape");
    expect(await focusedIsCanvas(page)).toBe(true);

    await page.locator(".lw-statusbar").click();
    expect(await focusedIsCanvas(page)).toBe(false);
    await page.keyboard.press("Escape");
    expect(await focusedIsCanvas(page)).toBe(true);
  });

  test("Ctrl+C and Ctrl+V after a click on a panel copy and paste the selection", async ({
    browser,
  }) => {
    const page = await start(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await addRect(page, { id: "box", name: "Box", x: 300, y: 300, width: 80, height: 60 });
    await page.evaluate(() => window.linework!.editor.store.setSelection(["box"]));
    await page.getByRole("button", { name: "Zoom in" }).click();
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    await expect.poll(() => nodeCount(page)).toBe(2);
  });
});

test.describe("first minutes: the middle button", () => {
  /** A paste event as Chromium makes one for a middle click on Linux, aimed at the canvas. */
  const syntheticPaste = (page: Page, text: string): Promise<void> =>
    page.evaluate((value) => {
      const data = new DataTransfer();
      data.setData("text/plain", value);
      const event = new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      document.querySelector("canvas")!.dispatchEvent(event);
    }, text);

  test("Ctrl+V straight after a middle drag pastes", async ({ browser }) => {
    const page = await start(browser);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("right after the pan"));
    await page.locator("canvas").focus();
    const box = await canvasBox(page);
    await page.mouse.move(box.x + 400, box.y + 300);
    await page.mouse.down({ button: "middle" });
    await page.mouse.move(box.x + 450, box.y + 320, { steps: 3 });
    await page.mouse.up({ button: "middle" });
    await page.keyboard.press("Control+v");
    await expect.poll(() => nodeCount(page)).toBe(1);
  });

  test("a middle drag pans and pastes nothing; a paste during or right after it is ignored", async ({
    browser,
  }) => {
    const page = await start(browser);
    await page.locator("canvas").focus();
    await page.evaluate(() => {
      const w = window as unknown as { middleUps: boolean[] };
      w.middleUps = [];
      for (const type of ["mouseup", "auxclick"]) {
        window.addEventListener(type, (event) => {
          if ((event as MouseEvent).button === 1) w.middleUps.push(event.defaultPrevented);
        });
      }
    });
    const box = await canvasBox(page);
    const before = await page.evaluate(() => window.linework!.current.camera.state);
    await page.mouse.move(box.x + 400, box.y + 300);
    await page.mouse.down({ button: "middle" });
    await page.mouse.move(box.x + 500, box.y + 350, { steps: 5 });
    await syntheticPaste(page, "pasted while held");
    await page.mouse.up({ button: "middle" });
    await syntheticPaste(page, "pasted on release");
    await waitTicks(page);

    const after = await page.evaluate(() => window.linework!.current.camera.state);
    expect(after.x - before.x).toBeCloseTo(100, 0);
    expect(after.y - before.y).toBeCloseTo(50, 0);
    expect(await nodeCount(page)).toBe(0);
    // The browser's own action on the middle button's release (the selection paste) is off.
    const ups = await page.evaluate(
      () => (window as unknown as { middleUps: boolean[] }).middleUps,
    );
    expect(ups.length).toBeGreaterThan(0);
    expect(ups.every((prevented) => prevented)).toBe(true);

    // A paste that is no middle click's still works: a plain one, then the real Ctrl+V. A paste
    // event with no key before it cannot be told from the middle click's own within
    // MIDDLE_PASTE_MS of the release, so the plain one comes after that window; Ctrl+V needs no
    // wait (a key press ends the window).
    await page.waitForTimeout(500);
    await syntheticPaste(page, "a real paste");
    await expect.poll(() => nodeCount(page)).toBe(1);
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("from the keyboard"));
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+v");
    await expect.poll(() => nodeCount(page)).toBe(2);
  });
});

test.describe("first minutes: fitting into the room the panels leave", () => {
  test("Shift+1 and Shift+2 show the content clear of every panel, filling the free room", async ({
    browser,
  }) => {
    const page = await start(browser);
    await addRect(page, { id: "wide", name: "Wide", x: 0, y: 0, width: 2000, height: 1000 });
    await addRect(page, { id: "small", name: "Small", x: 1900, y: 900, width: 50, height: 50 });
    await page.locator("canvas").focus();
    await page.keyboard.press("Shift+Digit1");
    await waitTicks(page);

    const panels = await panelRects(page);
    expect(Object.keys(panels).sort()).toEqual(
      ["bottom", "docbar", "fullscreen", "left", "side", "top-actions", "topbar"].sort(),
    );
    const room = middleRoom(panels);
    const all = await onScreen(page, { minX: 0, minY: 0, maxX: 2000, maxY: 1000 });
    for (const [name, rect] of Object.entries(panels))
      expect(overlaps(all, rect), `the drawing overlaps the ${name} panel`).toBe(false);
    // The wide drawing is limited by the room's width: it spans it, less the padding.
    const roomWidth = room.right - room.left;
    expect(all.right - all.left).toBeGreaterThan(roomWidth - 2 * 32 - 2);
    expect(Math.abs((all.left + all.right) / 2 - (room.left + room.right) / 2)).toBeLessThan(2);
    expect(Math.abs((all.top + all.bottom) / 2 - (room.top + room.bottom) / 2)).toBeLessThan(2);

    await page.evaluate(() => window.linework!.editor.store.setSelection(["small"]));
    await page.keyboard.press("Shift+Digit2");
    await waitTicks(page);
    const small = await onScreen(page, { minX: 1900, minY: 900, maxX: 1950, maxY: 950 });
    for (const [name, rect] of Object.entries(panels))
      expect(overlaps(small, rect), `the selection overlaps the ${name} panel`).toBe(false);
    const roomHeight = room.bottom - room.top;
    expect(small.bottom - small.top).toBeGreaterThan(roomHeight - 2 * 32 - 2);
    expect(Math.abs((small.left + small.right) / 2 - (room.left + room.right) / 2)).toBeLessThan(2);
  });
});

test.describe("first minutes: the canvas in both themes, the grid beneath shapes", () => {
  /** A point of empty canvas in the middle of the page, off every grid line (steps of 20 px). */
  const EMPTY = { x: 330, y: 330 };
  /** A point on a major vertical grid line at zoom 1 with the camera at the origin. */
  const ON_LINE = { x: 300, y: 330 };

  const near = (a: number[], b: number[], tolerance = 2): boolean =>
    a.every((value, i) => Math.abs(value - b[i]!) <= tolerance);
  const brightness = (rgb: number[]): number => rgb[0]! + rgb[1]! + rgb[2]!;

  for (const theme of ["light", "dark"] as const) {
    test(`the ${theme} theme's canvas and grid`, async ({ browser }) => {
      const page = await start(browser);
      const box = await canvasBox(page);
      await page.evaluate((choice) => window.linework!.chrome.update({ theme: choice }), theme);
      await expect(page.getByTestId("overlay")).toHaveAttribute("data-theme", theme);
      await waitTicks(page);
      const background = theme === "light" ? [0xf4, 0xf4, 0xf5] : [0x27, 0x27, 0x2a];
      expect(near(await screenPixel(page, box.x + EMPTY.x, box.y + EMPTY.y), background)).toBe(
        true,
      );

      await page.locator("canvas").focus();
      await page.keyboard.press("Control+Quote");
      await waitTicks(page);
      const line = await screenPixel(page, box.x + ON_LINE.x, box.y + ON_LINE.y);
      expect(near(await screenPixel(page, box.x + EMPTY.x, box.y + EMPTY.y), background)).toBe(
        true,
      );
      // Dark lines on the light canvas, light ones on the dark canvas.
      if (theme === "light") expect(brightness(line)).toBeLessThan(brightness(background) - 15);
      else expect(brightness(line)).toBeGreaterThan(brightness(background) + 15);
    });
  }

  test("with the grid on, a filled shape hides the grid lines beneath it", async ({ browser }) => {
    const page = await start(browser);
    const box = await canvasBox(page);
    await addRect(page, { id: "fill", name: "Fill", x: 250, y: 250, width: 200, height: 200 });
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+Quote");
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework!.current.viewport.grid.step)).toBe(20);
    // The same grid line outside the shape shows; inside, the fill is untouched.
    const outside = await screenPixel(page, box.x + ON_LINE.x, box.y + 490);
    expect(near(outside, [0xf4, 0xf4, 0xf5])).toBe(false);
    const blue = [0, 0, 255];
    expect(near(await screenPixel(page, box.x + ON_LINE.x, box.y + ON_LINE.y), blue)).toBe(true);
    expect(near(await screenPixel(page, box.x + 400, box.y + 400), blue)).toBe(true);
  });
});
