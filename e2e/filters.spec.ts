import { expect, test, type Page } from "@playwright/test";
import { canvasBox, hideChrome, reusedApp, screenshotPixels, waitForRestingView } from "./support";
import { differenceFromExport, expectNear, showSvg } from "./svgOnCanvas";

// SVG filters (a classic drop shadow chain, feDropShadow, Figma's drop shadow of colour matrices
// and blends, an offset blended with a flood) come
// in as filtered groups, are drawn on the canvas as Chromium draws the same SVG, and stay so
// when the drawing is moved.

const reused = reusedApp();

/** A classic drop-shadow chain (#shadow) and an offset blended with a flood (#tint). */
const SHADOW_AND_TINT = `  <filter id="shadow" x="-30%" y="-30%" width="160%" height="160%">
    <feGaussianBlur in="SourceAlpha" stdDeviation="3"/>
    <feOffset dx="6" dy="6" result="offsetblur"/>
    <feFlood flood-color="#000000" flood-opacity="0.5"/>
    <feComposite in2="offsetblur" operator="in"/>
    <feMerge><feMergeNode/><feMergeNode in="SourceGraphic"/></feMerge>
  </filter>
  <filter id="tint">
    <feOffset in="SourceGraphic" dx="8" dy="6" result="moved"/>
    <feFlood flood-color="#ffcc00" flood-opacity="0.6" result="yellow"/>
    <feBlend in="moved" in2="yellow" mode="multiply"/>
  </filter>`;

const DRAWING = `<svg xmlns="http://www.w3.org/2000/svg" width="400" height="100" viewBox="0 0 400 100">
${SHADOW_AND_TINT}
  <filter id="drop" x="-50%" y="-50%" width="200%" height="200%">
    <feDropShadow dx="5" dy="-4" stdDeviation="2" flood-color="#008000" flood-opacity="0.7"/>
  </filter>
  <filter id="figma" x="300" y="15" width="90" height="80" filterUnits="userSpaceOnUse" color-interpolation-filters="sRGB">
    <feFlood flood-opacity="0" result="BackgroundImageFix"/>
    <feColorMatrix in="SourceAlpha" type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 127 0" result="hardAlpha"/>
    <feOffset dy="6"/>
    <feGaussianBlur stdDeviation="3"/>
    <feComposite in2="hardAlpha" operator="out"/>
    <feColorMatrix type="matrix" values="0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0.4 0"/>
    <feBlend mode="normal" in2="BackgroundImageFix" result="effect1_dropShadow"/>
    <feBlend mode="normal" in="SourceGraphic" in2="effect1_dropShadow" result="shape"/>
  </filter>
  <rect x="20" y="20" width="60" height="50" fill="#3366cc" filter="url(#shadow)"/>
  <rect x="315" y="25" width="60" height="45" rx="6" fill="#ffffff" stroke="#999999" filter="url(#figma)"/>
  <circle cx="150" cy="45" r="25" fill="#cc3333" filter="url(#tint)"/>
  <rect x="220" y="30" width="50" height="45" fill="#ff8800" filter="url(#drop)"/>
</svg>`;

/** The share of pixels off by more than `tolerance` from Chromium's drawing of `svg` at `zoom`, moved by `dx`, `dy` units. */
function differenceFromChromium(
  page: Page,
  shot: { width: number; height: number; data: Buffer },
  svg: string,
  zoom: number,
  dx: number,
  dy: number,
  tolerance: number,
): Promise<number> {
  return page.evaluate(
    async ({ raw, width, height, svg, zoom, dx, dy, tolerance }) => {
      const image = new Image();
      image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(svg)))}`;
      await image.decode();
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      context.fillStyle = "#fff";
      context.fillRect(0, 0, width, height);
      context.drawImage(image, dx * zoom, dy * zoom, image.width * zoom, image.height * zoom);
      const theirs = context.getImageData(0, 0, width, height).data;
      const ours = Uint8Array.from(atob(raw), (c) => c.charCodeAt(0));
      let differing = 0;
      for (let i = 0; i < theirs.length; i += 4) {
        const off = Math.max(
          Math.abs(theirs[i]! - ours[i]!),
          Math.abs(theirs[i + 1]! - ours[i + 1]!),
          Math.abs(theirs[i + 2]! - ours[i + 2]!),
        );
        if (off > tolerance) differing += 1;
      }
      return differing / (width * height);
    },
    {
      raw: shot.data.toString("base64"),
      width: shot.width,
      height: shot.height,
      svg,
      zoom,
      dx,
      dy,
      tolerance,
    },
  );
}

test("drop shadows, offsets, floods and blends are drawn as Chromium draws the SVG, and move with their group", async ({
  browser,
}) => {
  // Four comparisons of a wide screenshot: slow on a busy machine.
  test.setTimeout(90_000);
  const page = await reused(browser);
  const zoom = 2;
  await showSvg(page, "filters.svg", DRAWING, zoom);
  const kept = await page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    const out: { root: string; filters: number } = { root: "", filters: 0 };
    const stack = [lw.current.pageId()];
    while (stack.length > 0) {
      for (const child of store.childrenOf(stack.pop()!)) {
        if (child.type === "group" && child.parent === lw.current.pageId()) out.root = child.id;
        if (child.type === "group" && child.filter !== undefined) out.filters += 1;
        stack.push(child.id);
      }
    }
    return out;
  });
  expect(kept.filters).toBe(4);
  const box = await canvasBox(page);
  const area = { x: box.x, y: box.y, width: 800, height: 240 };
  let shot = await screenshotPixels(page, area);
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(y * zoom) * shot.width + Math.round(x * zoom)) * 4;
    return Array.from(shot.data.subarray(i, i + 3));
  };
  expectNear(at(50, 45), [51, 102, 204], "the shadowed square", 8);
  // Half-black shadow right of it, two units past its edge (a deviation of 3, 4 units in).
  expectNear(at(82, 50), [139, 139, 139], "its shadow", 24);
  // The circle moved by (8, 6), multiplied with 60 % yellow in linear light; the flood alone
  // over the rest of its region.
  expectNear(at(158, 51), [204, 44, 30], "the tinted circle", 16);
  expectNear(at(128, 24), [255, 224, 102], "the flood around it", 16);
  expectNear(at(245, 52), [255, 136, 0], "the orange rectangle", 8);
  // Figma's shadow: 40 % black, 6 down and blurred by 3, cut away under the card.
  expectNear(at(345, 74), [178, 178, 178], "the card's shadow", 24);
  expectNear(at(345, 50), [255, 255, 255], "the white card", 8);
  // 70 % green, a deviation (2) in from the shadow's edge.
  expectNear(at(273, 50), [105, 180, 105], "its green shadow", 24);

  // Tolerance: 16 of 255 per channel, on at most 0.5 % of the pixels (edges and blurs differ a
  // little: Chromium blurs by three box passes, the canvas by a Gaussian; 0.18 % differed by
  // more than 16 when this was written, 0.004 % by more than 32).
  const tolerance = 16;
  const original = await differenceFromChromium(page, shot, DRAWING, zoom, 0, 0, tolerance);
  const exported = await differenceFromExport(page, shot, zoom, tolerance);
  test.info().annotations.push({
    type: "differing pixels (SVG, export)",
    description: `${original.toFixed(4)} ${exported.share.toFixed(4)}`,
  });
  expect(original).toBeLessThan(0.005);
  expect(exported.share).toBeLessThan(0.005);

  // Move the drawing: its filters move with it.
  await page.evaluate((id) => {
    const store = window.linework!.editor.store;
    store.transact("Move", (tx) => {
      const node = tx.get(id)!;
      if (node.type !== "group") return;
      tx.update(id, {
        transform: { ...node.transform, x: node.transform.x + 15, y: node.transform.y + 10 },
      });
    });
  }, kept.root);
  await waitForRestingView(page);
  shot = await screenshotPixels(page, area);
  expectNear(at(97, 60), [139, 139, 139], "the moved shadow", 24);
  const moved = await differenceFromChromium(page, shot, DRAWING, zoom, 15, 10, tolerance);
  const movedExport = await differenceFromExport(page, shot, zoom, tolerance);
  test.info().annotations.push({
    type: "differing pixels moved (SVG, export)",
    description: `${moved.toFixed(4)} ${movedExport.share.toFixed(4)}`,
  });
  expect(moved).toBeLessThan(0.005);
  expect(movedExport.share).toBeLessThan(0.005);
});

// Under a clip path, a luminance mask and nested, scaled and turned groups, at another zoom.
const NESTED = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <clipPath id="round"><circle cx="50" cy="50" r="42"/></clipPath>
  <mask id="fade" maskUnits="userSpaceOnUse" x="0" y="0" width="200" height="100">
    <rect x="100" y="0" width="100" height="100" fill="#ffffff"/>
    <rect x="160" y="0" width="40" height="100" fill="#808080"/>
  </mask>
  <filter id="drop"><feDropShadow dx="4" dy="4" stdDeviation="2" flood-color="#000000" flood-opacity="0.6"/></filter>
  <g clip-path="url(#round)"><rect x="20" y="20" width="50" height="50" fill="#3366cc" filter="url(#drop)"/></g>
  <g mask="url(#fade)">
    <g transform="translate(130 12) rotate(15) scale(1.4)">
      <g transform="translate(2 3)"><rect width="30" height="30" fill="#cc3333" filter="url(#drop)"/></g>
    </g>
  </g>
</svg>`;

test("filtered groups are drawn in place under clip paths, masks and turned, scaled groups", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 3;
  await showSvg(page, "nested-filters.svg", NESTED, zoom);
  const box = await canvasBox(page);
  const shot = await screenshotPixels(page, { x: box.x, y: box.y, width: 600, height: 300 });
  const tolerance = 16;
  const original = await differenceFromChromium(page, shot, NESTED, zoom, 0, 0, tolerance);
  const exported = await differenceFromExport(page, shot, zoom, tolerance);
  test.info().annotations.push({
    type: "differing pixels (SVG, export)",
    description: `${original.toFixed(4)} ${exported.share.toFixed(4)}`,
  });
  expect(original).toBeLessThan(0.005);
  expect(exported.share).toBeLessThan(0.005);
});

test("the properties panel adds and edits a selected group's drop shadow, one undo step each", async ({
  browser,
}) => {
  const page = await reused(browser);
  const error = await page.evaluate(async () => {
    const lw = window.linework!;
    const store = lw.editor.store;
    store.transact("White page", (tx) => {
      tx.update(lw.current.pageId(), { background: { r: 1, g: 1, b: 1, a: 1 } });
    });
    const outcome = await lw.importFile(
      "square.svg",
      `<svg xmlns="http://www.w3.org/2000/svg" width="100" height="100"><rect x="20" y="20" width="60" height="40" fill="#3366cc"/></svg>`,
    );
    store.setSelection([]);
    lw.current.camera.set({ x: 0, y: 0, zoom: 2 });
    return outcome.ok ? null : outcome.error;
  });
  expect(error).toBeNull();
  await waitForRestingView(page);
  const box = await canvasBox(page);
  const screen = (x: number, y: number) =>
    page.evaluate(({ x, y }) => window.linework!.current.camera.worldToScreen({ x, y }), { x, y });
  // Where the import put the square: its group's move plus its own.
  const origin = await page.evaluate(() => {
    const store = window.linework!.editor.store;
    const pageId = window.linework!.current.pageId();
    const group = store.childrenOf(pageId).at(-1)!;
    const rect = store.childrenOf(group.id)[0]!;
    return { x: group.transform.x + rect.transform.x, y: group.transform.y + rect.transform.y };
  });
  const centre = await screen(origin.x + 30, origin.y + 20);
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
  // The engine reads input on its next tick.
  await expect
    .poll(() => page.evaluate(() => window.linework!.editor.store.selection.length))
    .toBe(1);
  const group = await page.evaluate(() => {
    const store = window.linework!.editor.store;
    const id = store.selection[0]!;
    return { id, type: store.get(id)!.type, undo: window.linework!.editor.history.depth.undo };
  });
  expect(group.type).toBe("group");
  const panel = page.getByRole("region", { name: "Properties" }).first();
  const shadow = panel.getByRole("group", { name: "Effects" });
  await shadow.getByRole("button", { name: "Add drop shadow" }).click();
  const x = shadow.getByLabel("Shadow X", { exact: true });
  await expect(x).toHaveValue("4");
  await x.fill("12");
  await x.press("Enter");
  const state = await page.evaluate((id) => {
    const lw = window.linework!;
    const node = lw.editor.store.get(id) as { filter?: { primitives: { dx?: number }[] } };
    return { dx: node.filter?.primitives[0]?.dx, undo: lw.editor.history.depth.undo };
  }, group.id);
  expect(state.dx).toBe(12);
  expect(state.undo).toBe(group.undo + 2);
  await waitForRestingView(page);
  // Right of the square, where only the moved shadow reaches: a quarter black, blurred.
  const at = await screen(origin.x + 66, origin.y + 20);
  const shot = await screenshotPixels(page, {
    x: box.x + at.x,
    y: box.y + at.y,
    width: 1,
    height: 1,
  });
  const grey = Array.from(shot.data.subarray(0, 3));
  expect(
    grey.every((v) => v > 170 && v < 235),
    `shadow pixel ${grey.join(", ")}`,
  ).toBe(true);
  await shadow.getByRole("button", { name: "Remove" }).click();
  await expect(shadow.getByRole("button", { name: "Add drop shadow" })).toBeVisible();
  expect(await page.evaluate(() => window.linework!.editor.history.depth.undo)).toBe(
    group.undo + 3,
  );
});

// A blur reaches past what it blurs; under a clip path larger than the drawing, the clip's
// layer must hold that reach too.
const CLIPPED_BLUR = `<svg xmlns="http://www.w3.org/2000/svg" width="200" height="100" viewBox="0 0 200 100">
  <clipPath id="wide"><rect x="0" y="0" width="200" height="100"/></clipPath>
  <filter id="soft"><feGaussianBlur stdDeviation="4"/></filter>
  <g clip-path="url(#wide)"><rect x="40" y="25" width="50" height="50" fill="#0000ff" filter="url(#soft)"/></g>
</svg>`;

test("a blur under a clip path reaches as far as it does unclipped", async ({ browser }) => {
  const page = await reused(browser);
  const zoom = 2;
  await showSvg(page, "clipped-blur.svg", CLIPPED_BLUR, zoom);
  const box = await canvasBox(page);
  const shot = await screenshotPixels(page, { x: box.x, y: box.y, width: 400, height: 200 });
  const at = (x: number, y: number): number[] => {
    const i = (Math.round(y * zoom) * shot.width + Math.round(x * zoom)) * 4;
    return Array.from(shot.data.subarray(i, i + 3));
  };
  // Half way at the square's edge, a sixth of the way a deviation out.
  expectNear(at(40, 50), [127, 127, 255], "on its edge", 24);
  expectNear(at(36, 50), [214, 214, 255], "a deviation out", 24);
  const tolerance = 16;
  const original = await differenceFromChromium(page, shot, CLIPPED_BLUR, zoom, 0, 0, tolerance);
  test
    .info()
    .annotations.push({ type: "differing pixels (SVG)", description: original.toFixed(4) });
  expect(original).toBeLessThan(0.005);
});

test("a drop shadow added in the panel follows its group's content moved far out and scaled up, on the canvas and in the export", async ({
  browser,
}) => {
  const page = await reused(browser);
  const zoom = 2;
  const error = await page.evaluate(async (zoom) => {
    const lw = window.linework!;
    const store = lw.editor.store;
    store.transact("White page", (tx) => {
      tx.update(lw.current.pageId(), { background: { r: 1, g: 1, b: 1, a: 1 } });
    });
    const outcome = await lw.importFile(
      "two.svg",
      `<svg xmlns="http://www.w3.org/2000/svg" width="140" height="80"><rect x="20" y="20" width="60" height="40" fill="#3366cc"/><rect x="100" y="20" width="30" height="30" fill="#cc3333"/></svg>`,
    );
    store.setSelection([]);
    lw.current.camera.set({ x: 0, y: 0, zoom });
    return outcome.ok ? null : outcome.error;
  }, zoom);
  expect(error).toBeNull();
  await waitForRestingView(page);
  const ids = await page.evaluate(() => {
    const store = window.linework!.editor.store;
    const group = store.childrenOf(window.linework!.current.pageId()).at(-1)!;
    const [a, b] = store.childrenOf(group.id);
    return {
      group: group.id,
      a: a!.id,
      b: b!.id,
      origin: { x: group.transform.x + a!.transform.x, y: group.transform.y + a!.transform.y },
    };
  });
  const box = await canvasBox(page);
  const centre = await page.evaluate(
    ({ x, y }) => window.linework!.current.camera.worldToScreen({ x, y }),
    { x: ids.origin.x + 30, y: ids.origin.y + 20 },
  );
  await page.mouse.click(box.x + centre.x, box.y + centre.y);
  await expect
    .poll(() => page.evaluate(() => window.linework!.editor.store.selection[0]))
    .toBe(ids.group);
  const panel = page.getByRole("region", { name: "Properties" }).first();
  await panel
    .getByRole("group", { name: "Effects" })
    .getByRole("button", { name: "Add drop shadow" })
    .click();
  // The red square moves far right and the blue rectangle grows to twice its size: both leave
  // the region the shadow was added with.
  const moved = await page.evaluate((ids) => {
    const store = window.linework!.editor.store;
    store.setSelection([]);
    store.transact("Move and grow", (tx) => {
      const b = tx.get(ids.b) as { transform: { x: number; y: number } };
      tx.update(ids.b, { transform: { ...b.transform, x: b.transform.x + 300 } });
      const a = tx.get(ids.a) as { transform: object };
      tx.update(ids.a, { transform: { ...a.transform, scaleX: 2, scaleY: 2 } });
    });
    const group = store.get(ids.group) as { transform: { x: number; y: number } };
    const b = store.get(ids.b) as { transform: { x: number; y: number } };
    return { x: group.transform.x + b.transform.x, y: group.transform.y + b.transform.y };
  }, ids);
  await hideChrome(page);
  await waitForRestingView(page);
  // World points: inside the moved square; two units past its right edge, half way down (only
  // the shadow, 4 right and 4 down, a deviation of 4, reaches there); the same below the grown
  // rectangle's bottom right corner.
  const points = [
    { x: moved.x + 15, y: moved.y + 15 },
    { x: moved.x + 32, y: moved.y + 15 },
    { x: ids.origin.x + 110, y: ids.origin.y + 82 },
  ];
  const canvasPixels: number[][] = [];
  for (const p of points) {
    const s = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), p);
    const shot = await screenshotPixels(page, {
      x: box.x + s.x,
      y: box.y + s.y,
      width: 1,
      height: 1,
    });
    canvasPixels.push(Array.from(shot.data.subarray(0, 3)));
  }
  const exported = await page.evaluate(async (points) => {
    const out = window.linework!.exports.svg({
      scope: { page: window.linework!.current.pageId() },
      background: true,
    });
    const image = new Image();
    image.src = `data:image/svg+xml;base64,${btoa(unescape(encodeURIComponent(out.svg)))}`;
    await image.decode();
    const { minX, minY, maxX, maxY } = out.bounds;
    const canvas = document.createElement("canvas");
    canvas.width = Math.ceil(maxX - minX);
    canvas.height = Math.ceil(maxY - minY);
    const context = canvas.getContext("2d")!;
    context.drawImage(image, 0, 0, maxX - minX, maxY - minY);
    return {
      bounds: out.bounds,
      pixels: points.map((p) =>
        Array.from(
          context
            .getImageData(Math.floor(p.x - minX), Math.floor(p.y - minY), 1, 1)
            .data.subarray(0, 3),
        ),
      ),
    };
  }, points);
  for (const [where, pixels] of [
    ["canvas", canvasPixels],
    ["export", exported.pixels],
  ] as const) {
    expectNear(pixels[0]!, [204, 51, 51], `${where}: the moved square`, 16);
    for (const [i, what] of [
      [1, "the moved square's shadow"],
      [2, "the grown rectangle's shadow"],
    ] as const) {
      const grey = pixels[i]!;
      expect(
        grey.every((v) => v > 170 && v < 240) && Math.max(...grey) - Math.min(...grey) < 8,
        `${where}: ${what} ${grey.join(", ")}`,
      ).toBe(true);
    }
  }
  // The export's bounds hold the whole shadow: 4 past the square, and three deviations.
  expect(exported.bounds.maxX).toBeGreaterThanOrEqual(moved.x + 30 + 16);
});

/** Shows the chrome `hideChrome` hid. */
async function showChrome(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const style of document.querySelectorAll("style[data-e2e-style]")) style.remove();
  });
}

// A classic SVG drop shadow chain, and a tint no list of shadows draws.
const SHADOWED = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100" viewBox="0 0 300 100">
${SHADOW_AND_TINT}
  <rect x="60" y="20" width="60" height="40" fill="#3366cc" filter="url(#shadow)"/>
  <circle cx="220" cy="45" r="25" fill="#cc3333" filter="url(#tint)"/>
</svg>`;

test("the effects list shows an imported shadow chain as a drop shadow, adds, edits and removes shadows, and removes a custom filter", async ({
  browser,
}) => {
  // Each commit that changes a filter costs the test browser's software GL seconds of one
  // frame (a single long task of 7 to 13 s was measured after an edit here).
  test.setTimeout(180_000);
  const page = await reused(browser);
  const zoom = 2;
  const found = await page.evaluate(
    async ({ svg, zoom }) => {
      const lw = window.linework!;
      const store = lw.editor.store;
      store.transact("White page", (tx) => {
        tx.update(lw.current.pageId(), { background: { r: 1, g: 1, b: 1, a: 1 } });
      });
      const outcome = await lw.importFile("shadowed.svg", svg);
      if (!outcome.ok) return null;
      lw.current.camera.set({ x: 0, y: 0, zoom });
      // The filtered groups, and where each one's shape starts on the page.
      const out: { id: string; shape: string; x: number; y: number }[] = [];
      const stack = [lw.current.pageId()];
      while (stack.length > 0)
        for (const child of store.childrenOf(stack.pop()!)) {
          stack.push(child.id);
          if (child.type !== "group" || child.filter === undefined) continue;
          const shape = store.childrenOf(child.id)[0]!;
          let x = 0;
          let y = 0;
          for (let n = store.get(shape.id); n !== undefined && "transform" in n;) {
            x += n.transform.x;
            y += n.transform.y;
            n = store.get(n.parent);
          }
          out.push({ id: child.id, shape: shape.type, x, y });
        }
      return out;
    },
    { svg: SHADOWED, zoom },
  );
  expect(found).not.toBeNull();
  const rect = found!.find((f) => f.shape === "rect")!;
  const tint = found!.find((f) => f.shape !== "rect")!;
  const undoDepth = () => page.evaluate(() => window.linework!.editor.history.depth.undo);
  await page.evaluate((id) => window.linework!.editor.store.setSelection([id]), rect.id);
  const effects = page.getByRole("region", { name: "Properties" }).first().getByRole("group", {
    name: "Effects",
  });
  const first = effects.getByRole("group", { name: "Drop shadow 1", exact: true });
  await expect(first.getByLabel("Shadow X", { exact: true })).toHaveValue("6");
  await expect(first.getByLabel("Shadow blur", { exact: true })).toHaveValue("3");
  await expect(effects.getByText("Custom filter")).toHaveCount(0);
  const before = await undoDepth();

  await effects.getByRole("button", { name: "Add drop shadow" }).click();
  const second = effects.getByRole("group", { name: "Drop shadow 2", exact: true });
  const x = second.getByLabel("Shadow X", { exact: true });
  await expect(x).toHaveValue("4");
  await x.fill("-20");
  await x.press("Enter");
  const y = second.getByLabel("Shadow Y", { exact: true });
  await y.fill("0");
  await y.press("Enter");
  await second.getByRole("button", { name: /^Shadow colour/ }).click();
  const hex = second.getByRole("group", { name: "Shadow colour" }).getByLabel("Hex");
  await hex.fill("#ff000080");
  await hex.press("Enter");
  await expect.poll(undoDepth).toBe(before + 4);
  // The first shadow is as it came in.
  await expect(first.getByLabel("Shadow X", { exact: true })).toHaveValue("6");
  await expect(first.getByLabel("Shadow Y", { exact: true })).toHaveValue("6");

  await page.evaluate(() => window.linework!.editor.store.setSelection([]));
  await hideChrome(page);
  await waitForRestingView(page);
  const box = await canvasBox(page);
  const pixel = async (wx: number, wy: number): Promise<number[]> => {
    const s = await page.evaluate((w) => window.linework!.current.camera.worldToScreen(w), {
      x: wx,
      y: wy,
    });
    const shot = await screenshotPixels(page, {
      x: box.x + s.x,
      y: box.y + s.y,
      width: 1,
      height: 1,
    });
    return Array.from(shot.data.subarray(0, 3));
  };
  // Half-black right of the rectangle (the imported shadow), half-red left of it (the new one,
  // 20 to the left, blurred by 4).
  expectNear(await pixel(rect.x + 62, rect.y + 30), [139, 139, 139], "the imported shadow", 24);
  const red = await pixel(rect.x - 10, rect.y + 20);
  expect(red[0]! - red[1]!, `the new red shadow ${red.join(", ")}`).toBeGreaterThan(60);
  expect(Math.abs(red[1]! - red[2]!)).toBeLessThan(12);

  await showChrome(page);
  await page.evaluate((id) => window.linework!.editor.store.setSelection([id]), rect.id);
  await effects.getByRole("button", { name: "Remove drop shadow 1" }).click();
  // The red one is left, now first.
  await expect(effects.getByRole("group", { name: "Drop shadow 2", exact: true })).toHaveCount(0);
  await expect(first.getByLabel("Shadow X", { exact: true })).toHaveValue("-20");
  await expect.poll(undoDepth).toBe(before + 5);
  await page.evaluate(() => window.linework!.editor.store.setSelection([]));
  await waitForRestingView(page);
  await hideChrome(page);
  expectNear(await pixel(rect.x + 62, rect.y + 30), [255, 255, 255], "no black shadow", 8);

  // A filter that is not drop shadows: shown as a custom filter, and removed.
  await showChrome(page);
  await page.evaluate((id) => window.linework!.editor.store.setSelection([id]), tint.id);
  await expect(effects.getByText("Custom filter")).toBeVisible();
  await effects.getByRole("button", { name: "Remove filter" }).click();
  await expect(effects.getByRole("button", { name: "Add drop shadow" })).toBeVisible();
  expect(
    await page.evaluate(
      (id) => (window.linework!.editor.store.get(id) as { filter?: unknown }).filter,
      tint.id,
    ),
  ).toBeUndefined();
  await expect.poll(undoDepth).toBe(before + 6);
});

test("a group whose shadow is on screen while its content is off screen is still drawn", async ({
  browser,
}) => {
  // The first frame with a new filter costs the test browser's software GL seconds.
  test.setTimeout(120_000);
  const page = await reused(browser);
  // A square 500 units left of its shadow: at zoom 1 the view shows the shadow, and the square
  // lies past the cull rectangle's margin (a quarter of the view, 256 pixels) to the left, but
  // within what the filter's layer reads from past the screen's edge (512 pixels).
  await page.evaluate(() => {
    const lw = window.linework!;
    const store = lw.editor.store;
    const pageId = lw.current.pageId();
    store.transact("White page", (tx) => {
      tx.update(pageId, { background: { r: 1, g: 1, b: 1, a: 1 } });
    });
    const transform = (x: number, y: number) => ({
      x,
      y,
      rotation: 0,
      scaleX: 1,
      scaleY: 1,
      skewX: 0,
    });
    const base = { name: "", locked: false, hidden: false, opacity: 1, blendMode: "normal" };
    store.transact("Far shadow", (tx) => {
      tx.put({
        ...base,
        id: "shadowed",
        type: "group",
        parent: pageId,
        index: "zz",
        transform: transform(-450, 100),
        isolated: false,
        filter: {
          region: { x: -10, y: -10, width: 620, height: 140 },
          linearRGB: true,
          primitives: [
            {
              type: "dropShadow",
              in: "SourceGraphic",
              dx: 500,
              dy: 0,
              stdDeviation: 2,
              color: { r: 0, g: 0, b: 0, a: 1 },
            },
          ],
        },
      } as never);
      tx.put({
        ...base,
        id: "square",
        type: "rect",
        parent: "shadowed",
        index: "a0",
        transform: transform(0, 0),
        width: 100,
        height: 100,
        radii: [0, 0, 0, 0],
        fill: { type: "solid", color: { r: 0.2, g: 0.4, b: 0.8, a: 1 } },
        stroke: {
          paint: null,
          width: 1,
          dash: [],
          dashOffset: 0,
          cap: "butt",
          join: "miter",
          miterLimit: 4,
        },
        label: null,
      } as never);
    });
    store.setSelection([]);
    // Away and back, so that the view is culled with the group in the document.
    lw.current.camera.set({ x: 20_000, y: 20_000, zoom: 1 });
  });
  await waitForRestingView(page);
  await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));
  await hideChrome(page);
  await waitForRestingView(page);
  const drawn = await page.evaluate(() =>
    window.linework!.current.camera.worldToScreen({ x: 0, y: 0 }),
  );
  expect(drawn).toEqual({ x: 0, y: 0 });
  const box = await canvasBox(page);
  // The square lies at -450…-350 across, 100…200 down; its shadow, 500 right, at 50…150.
  const shot = await screenshotPixels(page, {
    x: box.x + 110,
    y: box.y + 150,
    width: 1,
    height: 1,
  });
  expectNear(
    Array.from(shot.data.subarray(0, 3)),
    [0, 0, 0],
    "the shadow of a square off screen",
    16,
  );
});
