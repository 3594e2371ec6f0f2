import { expect, test, type CDPSession, type Page } from "@playwright/test";
import { canvasBox, sharedFreshApp, waitTicks } from "./support";

// Select, transform, shape tools, view commands, touch and stylus: each through real input
// (mouse, keyboard, CDP touch and pen events), asserted through the document state.

interface NodeView {
  id: string;
  type: string;
  width?: number;
  height?: number;
  x: number;
  y: number;
  rotation: number;
  scaleX: number;
  scaleY: number;
}

async function nodes(page: Page): Promise<NodeView[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    return store.childrenOf(lw.current.pageId()).map((n) => ({
      id: n.id,
      type: n.type,
      width: "width" in n && typeof n.width === "number" ? n.width : undefined,
      height: "height" in n && typeof n.height === "number" ? n.height : undefined,
      x: n.transform.x,
      y: n.transform.y,
      rotation: n.transform.rotation,
      scaleX: n.transform.scaleX,
      scaleY: n.transform.scaleY,
    }));
  });
}

async function selection(page: Page): Promise<readonly string[]> {
  return page.evaluate(() => window.linework!.editor.store.selection);
}

async function tool(page: Page): Promise<string> {
  return page.evaluate(() => window.linework!.tools.get().tool);
}

/** Page coordinates of a world point (the camera starts at the canvas's origin, zoom 1). */
async function screen(page: Page, x: number, y: number): Promise<{ x: number; y: number }> {
  const box = await canvasBox(page);
  const p = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), { x, y });
  return { x: box.x + p.x, y: box.y + p.y };
}

async function drag(
  page: Page,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Promise<void> {
  const a = await screen(page, from.x, from.y);
  const b = await screen(page, to.x, to.y);
  await page.mouse.move(a.x, a.y);
  await page.mouse.down();
  await page.mouse.move((a.x + b.x) / 2, (a.y + b.y) / 2, { steps: 4 });
  await page.mouse.move(b.x, b.y, { steps: 4 });
  await page.mouse.up();
  await waitTicks(page);
}

/** The view at the origin at 100 %, snapping off, the keyboard on the canvas. */
async function prepare(page: Page): Promise<void> {
  await page.evaluate(() => {
    const lw = window.linework!;
    lw.current.camera.set({ x: 0, y: 0, zoom: 1 });
    lw.tools.update({ snap: { grid: false, objects: false, spacing: false, tolerancePx: 6 } });
  });
  await page.locator("canvas").focus();
  await waitTicks(page);
}

async function drawRect(page: Page, x = 100, y = 100, w = 200, h = 100): Promise<string> {
  await page.keyboard.press("r");
  await waitTicks(page);
  await drag(page, { x, y }, { x: x + w, y: y + h });
  const all = await nodes(page);
  return all.at(-1)!.id;
}

test.describe("drawing and editing with real input", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("R, drag: a rectangle exactly where the mouse went; the tool returns to Select", async () => {
    const page = shared();
    await prepare(page);
    await drawRect(page);
    const [r] = await nodes(page);
    expect(r).toMatchObject({ type: "rect", x: 100, y: 100, width: 200, height: 100 });
    expect(await tool(page)).toBe("select");
  });

  test.describe(() => {
    // Each of the four also draws in a new, empty document of its own.
    for (const [key, type] of [
      ["o", "ellipse"],
      ["f", "frame"],
      ["y", "polygon"],
      ["l", "line"],
    ] as const) {
      test(`${key.toUpperCase()} draws a ${type}`, async () => {
        const page = shared();
        await page.evaluate(() => window.linework!.newDocument());
        await prepare(page);
        // As in a fresh app: nothing drawn yet, and Select the tool.
        expect(await nodes(page)).toEqual([]);
        expect(await tool(page)).toBe("select");
        await page.keyboard.press(key);
        await waitTicks(page);
        await drag(page, { x: 50, y: 60 }, { x: 150, y: 160 });
        expect((await nodes(page)).map((n) => n.type)).toEqual([type]);
      });
    }
  });

  test("Shift+L draws an arrow; Shift keeps squares square", async () => {
    const page = shared();
    await prepare(page);
    await page.keyboard.press("Shift+L");
    await waitTicks(page);
    await drag(page, { x: 50, y: 60 }, { x: 150, y: 60 });
    const arrow = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0]!;
      return node.type === "line" ? node.endHead : null;
    });
    expect(arrow).toBe("arrow");
    await page.keyboard.press("r");
    await waitTicks(page);
    await page.keyboard.down("Shift");
    await drag(page, { x: 300, y: 300 }, { x: 340, y: 400 });
    await page.keyboard.up("Shift");
    expect((await nodes(page)).at(-1)).toMatchObject({ width: 100, height: 100 });
  });

  test("Esc mid-drag cancels the rectangle and leaves history empty", async () => {
    const page = shared();
    await prepare(page);
    await page.keyboard.press("r");
    await waitTicks(page);
    const a = await screen(page, 100, 100);
    await page.mouse.move(a.x, a.y);
    await page.mouse.down();
    await page.mouse.move(a.x + 80, a.y + 80, { steps: 4 });
    await waitTicks(page);
    expect(await nodes(page)).toHaveLength(1);
    await page.keyboard.press("Escape");
    await waitTicks(page);
    await page.mouse.up();
    expect(await nodes(page)).toHaveLength(0);
    expect(await page.evaluate(() => window.linework!.editor.history.depth)).toEqual({
      undo: 0,
      redo: 0,
    });
  });

  test("select, move, undo and redo", async () => {
    const page = shared();
    await prepare(page);
    const id = await drawRect(page);
    await drag(page, { x: 200, y: 150 }, { x: 260, y: 190 });
    expect((await nodes(page))[0]).toMatchObject({ x: 160, y: 140 });
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect((await nodes(page))[0]).toMatchObject({ x: 100, y: 100 });
    await page.keyboard.press("Control+Shift+z");
    await waitTicks(page);
    expect((await nodes(page))[0]).toMatchObject({ x: 160, y: 140 });
    expect(await selection(page)).toEqual([id]);
  });

  test("resize by the corner handle, rotate from outside it, flip with Shift+H", async () => {
    const page = shared();
    await prepare(page);
    await drawRect(page);
    await drag(page, { x: 300, y: 200 }, { x: 400, y: 250 });
    expect((await nodes(page))[0]).toMatchObject({ x: 100, y: 100, width: 300, height: 150 });
    await page.keyboard.down("Shift");
    // Outside the top-right corner, round the centre by a quarter turn.
    await drag(page, { x: 412, y: 88 }, { x: 262 + 12, y: 175 + 150 });
    await page.keyboard.up("Shift");
    const turned = (await nodes(page))[0]!.rotation;
    expect(Math.abs(Math.round((turned * 180) / Math.PI)) % 15).toBe(0);
    expect(turned).not.toBe(0);
    await page.keyboard.press("Shift+H");
    await waitTicks(page);
    const flipped = (await nodes(page))[0]!;
    expect(Math.sign(flipped.scaleX * flipped.scaleY)).toBe(-1);
  });

  test("marquee, arrows nudge, Ctrl+G groups, Delete deletes", async () => {
    const page = shared();
    await prepare(page);
    await drawRect(page, 100, 100, 50, 50);
    await drawRect(page, 200, 100, 50, 50);
    await drag(page, { x: 80, y: 80 }, { x: 300, y: 170 });
    expect(await selection(page)).toHaveLength(2);
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Shift+ArrowDown");
    await waitTicks(page);
    expect((await nodes(page)).map((n) => [n.x, n.y])).toEqual([
      [101, 110],
      [201, 110],
    ]);
    await page.keyboard.press("Control+g");
    await waitTicks(page);
    expect((await nodes(page)).map((n) => n.type)).toEqual(["group"]);
    await page.keyboard.press("Delete");
    await waitTicks(page);
    expect(await nodes(page)).toEqual([]);
  });

  test("view commands: Shift+1 fits all, Shift+0 is 100%, Ctrl+= and Ctrl+- zoom", async () => {
    const page = shared();
    await prepare(page);
    await drawRect(page, 300, 300, 100, 100);
    await page.keyboard.press("Shift+Digit1");
    await waitTicks(page);
    const fitted = await page.evaluate(() => window.linework!.current.camera.state);
    const centre = await page.evaluate(() =>
      window.linework!.current.camera.worldToScreen({ x: 350, y: 350 }),
    );
    const box = await canvasBox(page);
    // Centred in the room between the toolbar and the side panels (firstMinutesChrome.spec.ts
    // checks that room exactly), which is left of the canvas's middle.
    expect(centre.x).toBeGreaterThan(box.width / 4);
    expect(centre.x).toBeLessThan(box.width / 2);
    expect(fitted.zoom).toBeGreaterThan(1);
    await page.keyboard.press("Shift+Digit0");
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework!.current.camera.zoom)).toBe(1);
    await page.keyboard.press("Control+Equal");
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework!.current.camera.zoom)).toBe(2);
    await page.keyboard.press("Control+Minus");
    await page.keyboard.press("Control+Minus");
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework!.current.camera.zoom)).toBe(0.5);
  });

  test("the browser's own keys are not taken: Ctrl+W, Ctrl+T and Ctrl+N stay unprevented", async () => {
    const page = shared();
    await prepare(page);
    const prevented = await page.evaluate(() => {
      const canvas = document.querySelector("canvas")!;
      const out: Record<string, boolean> = {};
      for (const [code, key] of [
        ["KeyW", "w"],
        ["KeyT", "t"],
        ["KeyN", "n"],
        ["KeyG", "g"],
      ]) {
        const event = new KeyboardEvent("keydown", {
          code,
          key,
          ctrlKey: true,
          bubbles: true,
          cancelable: true,
        });
        canvas.dispatchEvent(event);
        out[key!] = event.defaultPrevented;
      }
      return out;
    });
    expect(prevented).toEqual({ w: false, t: false, n: false, g: true });
  });

  test("keyboard only: a small scene drawn, selected and edited without a pointer", async () => {
    const page = shared();
    await prepare(page);
    await page.evaluate(() => window.linework!.tools.update({ gridSize: 10 }));
    // A rectangle: two corners with Enter, 10 steps right and 5 down between them.
    await page.keyboard.press("r");
    await page.keyboard.press("Enter");
    for (let i = 0; i < 10; i++) await page.keyboard.press("ArrowRight");
    for (let i = 0; i < 5; i++) await page.keyboard.press("ArrowDown");
    await page.keyboard.press("Enter");
    await waitTicks(page);
    // An ellipse with a typed size.
    await page.keyboard.press("o");
    await page.keyboard.press("Shift+ArrowRight");
    await page.keyboard.press("Enter");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.type("80, 40");
    await page.keyboard.press("Enter");
    await waitTicks(page);
    const drawn = await nodes(page);
    expect(drawn.map((n) => [n.type, n.width, n.height])).toEqual([
      ["rect", 100, 50],
      ["ellipse", 80, 40],
    ]);
    // Tab selects, arrows nudge, Ctrl+D duplicates.
    await page.keyboard.press("Tab");
    await page.keyboard.press("ArrowRight");
    await page.keyboard.press("Control+d");
    await waitTicks(page);
    const after = await nodes(page);
    expect(after).toHaveLength(3);
    expect(after[0]!.x).toBe(drawn[0]!.x + 1);
  });
});

async function touch(
  cdp: CDPSession,
  type: "touchStart" | "touchMove" | "touchEnd",
  points: ReadonlyArray<{ x: number; y: number; id: number }>,
): Promise<void> {
  await cdp.send("Input.dispatchTouchEvent", {
    type,
    touchPoints: points.map((p) => ({
      x: p.x,
      y: p.y,
      id: p.id,
      radiusX: 2,
      radiusY: 2,
      force: 1,
    })),
  });
}

test.describe("touch and stylus", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("one finger draws with the tool; two fingers pan and pinch; a two-finger tap undoes", async () => {
    const page = shared();
    await prepare(page);
    const cdp = await page.context().newCDPSession(page);
    await page.keyboard.press("r");
    await waitTicks(page);
    const a = await screen(page, 100, 100);
    await touch(cdp, "touchStart", [{ ...a, id: 1 }]);
    for (let i = 1; i <= 5; i++)
      await touch(cdp, "touchMove", [{ x: a.x + i * 20, y: a.y + i * 10, id: 1 }]);
    await touch(cdp, "touchEnd", []);
    await waitTicks(page);
    expect((await nodes(page))[0]).toMatchObject({ type: "rect", width: 100, height: 50 });

    const before = await page.evaluate(() => window.linework!.current.camera.state);
    const c = await screen(page, 500, 300);
    await touch(cdp, "touchStart", [
      { x: c.x - 50, y: c.y, id: 1 },
      { x: c.x + 50, y: c.y, id: 2 },
    ]);
    for (let i = 1; i <= 5; i++) {
      await touch(cdp, "touchMove", [
        { x: c.x - 50 - i * 10 + i * 5, y: c.y + i * 4, id: 1 },
        { x: c.x + 50 + i * 10 + i * 5, y: c.y + i * 4, id: 2 },
      ]);
    }
    await touch(cdp, "touchEnd", []);
    await waitTicks(page);
    const after = await page.evaluate(() => window.linework!.current.camera.state);
    expect(after.zoom).toBeGreaterThan(before.zoom * 1.5);
    expect(await nodes(page)).toHaveLength(1);

    await touch(cdp, "touchStart", [
      { x: c.x, y: c.y, id: 1 },
      { x: c.x + 60, y: c.y, id: 2 },
    ]);
    await touch(cdp, "touchEnd", []);
    await waitTicks(page);
    expect(await nodes(page)).toHaveLength(0);
  });

  test("two fingers panning and pinching in small steps keep the page under them", async () => {
    const page = shared();
    await prepare(page);
    const cdp = await page.context().newCDPSession(page);
    const box = await canvasBox(page);
    const pageAt = (x: number, y: number) =>
      page.evaluate((p) => window.linework!.current.camera.screenToWorld(p), {
        x: x - box.x,
        y: y - box.y,
      });
    const c = await screen(page, 500, 300);
    const left = await pageAt(c.x - 100, c.y);
    const right = await pageAt(c.x + 100, c.y);
    await touch(cdp, "touchStart", [
      { x: c.x - 100, y: c.y, id: 1 },
      { x: c.x + 100, y: c.y, id: 2 },
    ]);
    // Steps of 2 px: the first few are within a tap's slop, and still count.
    for (let i = 1; i <= 25; i++)
      await touch(cdp, "touchMove", [
        { x: c.x - 100 - i * 2, y: c.y + i * 2, id: 1 },
        { x: c.x + 100 + i * 2, y: c.y + i * 2, id: 2 },
      ]);
    await touch(cdp, "touchEnd", []);
    await waitTicks(page);
    const underLeft = await pageAt(c.x - 150, c.y + 50);
    const underRight = await pageAt(c.x + 150, c.y + 50);
    expect(underLeft.x).toBeCloseTo(left.x, 1);
    expect(underLeft.y).toBeCloseTo(left.y, 1);
    expect(underRight.x).toBeCloseTo(right.x, 1);
    expect(underRight.y).toBeCloseTo(right.y, 1);
  });

  test("a finger a little off a selected shape's corner resizes it, as a mouse on the corner does", async () => {
    const page = shared();
    await prepare(page);
    await page.keyboard.press("r");
    await waitTicks(page);
    await drag(page, { x: 100, y: 100 }, { x: 300, y: 250 });
    const b = await screen(page, 300, 250);
    // Drawn, selected; a fingertip lands 9 px outside the corner, where a mouse would turn it.
    const cdp = await page.context().newCDPSession(page);
    await touch(cdp, "touchStart", [{ x: b.x + 9, y: b.y + 9, id: 1 }]);
    for (let i = 1; i <= 4; i++)
      await touch(cdp, "touchMove", [{ x: b.x + 9 + i * 10, y: b.y + 9 + i * 7.5, id: 1 }]);
    await touch(cdp, "touchEnd", []);
    await waitTicks(page);
    expect((await nodes(page))[0]).toMatchObject({ width: 240, height: 180, rotation: 0 });
  });

  test("a finger's double tap a little apart opens a shape's label", async () => {
    const page = shared();
    await prepare(page);
    await page.keyboard.press("r");
    await waitTicks(page);
    await drag(page, { x: 100, y: 100 }, { x: 300, y: 200 });
    const c = await screen(page, 200, 150);
    // Fingers land 5–20 px apart: these 12 px would not be a mouse's double click.
    const cdp = await page.context().newCDPSession(page);
    await touch(cdp, "touchStart", [{ ...c, id: 1 }]);
    await touch(cdp, "touchEnd", []);
    await touch(cdp, "touchStart", [{ x: c.x + 12, y: c.y + 4, id: 2 }]);
    await touch(cdp, "touchEnd", []);
    await expect(page.locator("textarea.linework-text-editor")).toBeFocused();
    await page.keyboard.type("Start");
    await page.keyboard.press("Escape");
    await waitTicks(page);
    const [rect] = await nodes(page);
    const record = await page.evaluate(
      (id) => JSON.stringify(window.linework!.current.store.get(id)),
      rect!.id,
    );
    expect(record).toContain("Start");
  });

  test("a stylus turns pen mode on: the pen draws, a finger pans, a resting palm is ignored", async () => {
    const page = shared();
    await prepare(page);
    await page.keyboard.press("r");
    await waitTicks(page);
    const a = await screen(page, 100, 100);
    await page.evaluate(async (p) => {
      const canvas = document.querySelector("canvas")!;
      const send = (
        type: string,
        x: number,
        y: number,
        buttons: number,
        pointerType = "pen",
        pointerId = 9,
      ) =>
        canvas.dispatchEvent(
          new PointerEvent(type, {
            pointerType,
            pointerId,
            clientX: x,
            clientY: y,
            buttons,
            pressure: 0.6,
            bubbles: true,
            isPrimary: true,
          }),
        );
      send("pointerdown", p.x, p.y, 1);
      // A palm lands while the pen is down: ignored.
      send("pointerdown", p.x + 300, p.y + 300, 1, "touch", 20);
      send("pointermove", p.x + 350, p.y + 300, 1, "touch", 20);
      send("pointermove", p.x + 60, p.y + 40, 1);
      send("pointermove", p.x + 120, p.y + 80, 1);
      send("pointerup", p.x + 120, p.y + 80, 0);
      send("pointerup", p.x + 350, p.y + 300, 0, "touch", 20);
      await new Promise((r) => setTimeout(r, 100));
    }, a);
    await waitTicks(page);
    expect(await page.evaluate(() => window.linework!.tools.get().penMode)).toBe(true);
    expect((await nodes(page))[0]).toMatchObject({ width: 120, height: 80 });
    const camera = await page.evaluate(() => window.linework!.current.camera.state);
    expect(camera).toMatchObject({ x: 0, y: 0 });

    const cdp = await page.context().newCDPSession(page);
    await touch(cdp, "touchStart", [{ x: a.x, y: a.y + 300, id: 1 }]);
    for (let i = 1; i <= 4; i++)
      await touch(cdp, "touchMove", [{ x: a.x + i * 20, y: a.y + 300, id: 1 }]);
    await touch(cdp, "touchEnd", []);
    await waitTicks(page);
    expect((await page.evaluate(() => window.linework!.current.camera.state)).x).toBeGreaterThan(
      40,
    );
    expect(await nodes(page)).toHaveLength(1);
  });
});
