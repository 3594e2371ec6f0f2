import { expect, test, type Page } from "@playwright/test";
import { canvasBox, sharedFreshApp, waitTicks } from "./support";

// The system clipboard and drag-and-drop: the keyboard's copy, cut and paste arrive as the
// browser's clipboard events on the canvas; dropped files are imported where they land.

async function types(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const lw = window.linework!;
    return lw.editor.store.childrenOf(lw.current.pageId()).map((n) => n.type);
  });
}

/** The camera at 100 % on the page's origin, the keyboard on the canvas. */
async function start(page: Page): Promise<void> {
  await page.evaluate(() => window.linework!.current.camera.set({ x: 0, y: 0, zoom: 1 }));
  await page.locator("canvas").focus();
}

async function drawRect(page: Page): Promise<void> {
  const box = await canvasBox(page);
  await page.keyboard.press("r");
  await waitTicks(page);
  await page.mouse.move(box.x + 100, box.y + 100);
  await page.mouse.down();
  await page.mouse.move(box.x + 200, box.y + 160, { steps: 4 });
  await page.mouse.up();
  await waitTicks(page);
}

/** A paste event carrying the given clipboard items, as the browser makes one on Ctrl+V. */
async function paste(
  page: Page,
  items: Record<string, string>,
  file?: { name: string; type: string; base64: string },
): Promise<void> {
  await page.evaluate(
    ({ items, file }) => {
      const data = new DataTransfer();
      for (const [type, value] of Object.entries(items)) data.setData(type, value);
      if (file) {
        const bytes = Uint8Array.from(atob(file.base64), (c) => c.charCodeAt(0));
        data.items.add(new File([bytes], file.name, { type: file.type }));
      }
      const event = new ClipboardEvent("paste", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      document.querySelector("canvas")!.dispatchEvent(event);
    },
    { items, file },
  );
  await page.waitForTimeout(50);
  await waitTicks(page);
}

/** The types of the system clipboard's first item; none when it cannot be read. */
function clipboardTypes(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    return item ? [...item.types] : [];
  });
}

/**
 * The clipboard's PNG: its size, and the share of the pixels inside the drawn rectangle's box
 * (the image less a 10 % margin) that are not transparent.
 */
function clipboardPng(page: Page): Promise<{ width: number; height: number; inked: number }> {
  return page.evaluate(async () => {
    const [item] = await navigator.clipboard.read();
    const bitmap = await createImageBitmap(await item!.getType("image/png"));
    const { width, height } = bitmap;
    const canvas = new OffscreenCanvas(width, height);
    const context = canvas.getContext("2d")!;
    context.drawImage(bitmap, 0, 0);
    const data = context.getImageData(0, 0, width, height).data;
    let inked = 0;
    let all = 0;
    for (let y = Math.floor(height * 0.1); y < height * 0.9; y++) {
      for (let x = Math.floor(width * 0.1); x < width * 0.9; x++) {
        all += 1;
        if (data[(y * width + x) * 4 + 3]! > 128) inked += 1;
      }
    }
    return { width, height, inked: inked / all };
  });
}

// A 1×1 red PNG.
const PNG_1X1 =
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8DwHwAFBQIAX8jx0gAAAABJRU5ErkJggg==";

test.describe("clipboard and drag-and-drop", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("copy writes our records, SVG and inline-SVG HTML; pasting it back duplicates", async () => {
    const page = shared();
    await start(page);
    await drawRect(page);
    const written = await page.evaluate(() => {
      const data = new DataTransfer();
      const event = new ClipboardEvent("copy", {
        clipboardData: data,
        bubbles: true,
        cancelable: true,
      });
      document.querySelector("canvas")!.dispatchEvent(event);
      return {
        prevented: event.defaultPrevented,
        types: [...data.types].sort(),
        ours: data.getData("application/x-linework+json"),
        html: data.getData("text/html"),
        svg: data.getData("image/svg+xml"),
      };
    });
    expect(written.prevented).toBe(true);
    expect(written.types).toEqual(
      ["application/x-linework+json", "image/svg+xml", "text/html", "text/plain"].sort(),
    );
    expect(written.svg).toContain("<svg");
    expect(written.svg).not.toMatch(/<script|on\w+=/i);
    expect(written.html).toContain("<!--linework:");
    // Another program keeps only the HTML: our records still come back from it.
    await paste(page, { "text/html": written.html });
    expect(await types(page)).toEqual(["rect", "rect"]);
    await paste(page, { "application/x-linework+json": written.ours });
    expect(await types(page)).toEqual(["rect", "rect", "rect"]);
    // Each paste is one undo step.
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect(await types(page)).toEqual(["rect", "rect"]);
  });

  test("the real keyboard shortcut copies and pastes through the browser's clipboard", async () => {
    const page = shared();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await start(page);
    await drawRect(page);
    await page.keyboard.press("Control+c");
    await page.keyboard.press("Control+v");
    await expect.poll(() => types(page)).toEqual(["rect", "rect"]);
  });

  test("Edit → Copy puts what Ctrl+C does there: SVG as text and as an image, and pastes back", async () => {
    const page = shared();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await start(page);
    // What an earlier test copied (its PNG lands late) must not pass for this copy.
    await page.evaluate(() => navigator.clipboard.writeText("before"));
    await drawRect(page);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("menuitem", { name: "Copy Ctrl+C" }).click();
    // The write lands once the PNG is drawn. A read that a landing write overtakes ("Clipboard
    // data has changed") is read again.
    const read: { value: { types: string[]; text: string } | null } = { value: null };
    await expect
      .poll(async () => {
        read.value = await page.evaluate(async () => {
          try {
            const [item] = await navigator.clipboard.read();
            if (!item?.types.includes("image/png")) return null;
            const text = await (await item.getType("text/plain")).text();
            return { types: [...item.types].sort(), text };
          } catch {
            return null;
          }
        });
        return read.value !== null;
      })
      .toBe(true);
    const written = read.value;
    if (written === null) throw new Error("nothing was written");
    expect(written.types).toEqual(
      expect.arrayContaining(["image/png", "image/svg+xml", "text/html", "text/plain"]),
    );
    expect(written.text).toMatch(
      /^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/,
    );
    await page.locator("canvas").focus();
    await page.keyboard.press("Control+v");
    await expect.poll(() => types(page)).toEqual(["rect", "rect"]);
  });

  test("Ctrl+C and Ctrl+X also put a PNG of the selection there, for chats and documents", async () => {
    const page = shared();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("before"));
    await start(page);
    await drawRect(page);
    await page.keyboard.press("Control+c");
    await expect.poll(() => clipboardTypes(page)).toContain("image/png");
    // The 100 × 60 rectangle and its stroke at twice the page's scale, with something drawn.
    const copied = await clipboardPng(page);
    expect(copied.width).toBeGreaterThanOrEqual(200);
    expect(copied.width).toBeLessThanOrEqual(210);
    expect(copied.height).toBeGreaterThanOrEqual(120);
    expect(copied.height).toBeLessThanOrEqual(130);
    expect(copied.inked).toBeGreaterThan(0.9);
    // Pasted back into Linework it is still our shape, not a picture of it.
    await page.keyboard.press("Control+v");
    await expect.poll(() => types(page)).toEqual(["rect", "rect"]);

    // A cut is pictured as it was before it left the page: one 60 × 100 rectangle.
    await page.evaluate(() => {
      const lw = window.linework!;
      const [first, second] = lw.editor.store.childrenOf(lw.current.pageId());
      lw.editor.store.transact("Turn", (tx) => tx.update(first!.id, { width: 60, height: 100 }));
      lw.editor.store.transact("Remove", (tx) => tx.remove(second!.id));
      lw.editor.store.setSelection([first!.id]);
    });
    await page.keyboard.press("Control+x");
    await expect.poll(() => types(page)).toEqual([]);
    // The copy's picture stays there until the cut's is drawn.
    await expect
      .poll(async () => {
        const png = await clipboardPng(page).catch(() => null);
        return png === null ? "no picture" : png.width < 130 ? "the cut one" : "the copied one";
      })
      .toBe("the cut one");
    const cut = await clipboardPng(page);
    expect(cut.height).toBeGreaterThanOrEqual(200);
    expect(cut.inked).toBeGreaterThan(0.9);
    await page.keyboard.press("Control+v");
    await expect.poll(() => types(page)).toEqual(["rect"]);
  });

  test("Edit → Cut pictures what it cut: SVG as text and a PNG, not our records", async () => {
    const page = shared();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("before"));
    await start(page);
    await drawRect(page);
    await page.getByRole("button", { name: "Edit", exact: true }).click();
    await page.getByRole("menuitem", { name: "Cut Ctrl+X" }).click();
    await expect.poll(() => types(page)).toEqual([]);
    await expect.poll(() => clipboardTypes(page)).toContain("image/png");
    const text = await page.evaluate(async () => {
      const [item] = await navigator.clipboard.read();
      return (await item!.getType("text/plain")).text();
    });
    expect(text).toMatch(/^(<\?xml[^>]*>\s*)?<svg[^>]*xmlns="http:\/\/www\.w3\.org\/2000\/svg"/);
    expect((await clipboardPng(page)).inked).toBeGreaterThan(0.9);
  });

  test("SVG markup from another program pastes as editable shapes, without running anything", async () => {
    const page = shared();
    const requests: string[] = [];
    page.on("request", (request) => requests.push(request.url()));
    await start(page);
    const settled = requests.length;
    await paste(page, {
      "text/html":
        '<meta charset="utf-8"><svg xmlns="http://www.w3.org/2000/svg" width="100" height="100" onload="window.hacked=1">' +
        '<script>window.hacked=2</script><rect width="50" height="40" fill="#0a0"/>' +
        '<image href="https://example.com/x.png" width="10" height="10"/>' +
        '<circle cx="70" cy="70" r="20" style="fill:url(https://example.com/f.svg#p)"/></svg>',
    });
    const imported = await page.evaluate(() => {
      const lw = window.linework!;
      const store = lw.editor.store;
      const walk = (id: string): string[] =>
        store.childrenOf(id).flatMap((n) => [n.type, ...walk(n.id)]);
      return walk(lw.current.pageId());
    });
    expect(imported).toContain("rect");
    expect(
      await page.evaluate(() => (window as unknown as { hacked?: number }).hacked),
    ).toBeUndefined();
    expect(requests.slice(settled)).toEqual([]);
  });

  test("plain text pastes as a text shape; an image file as an image", async () => {
    const page = shared();
    await start(page);
    await paste(page, { "text/plain": "Hello, Linework" });
    const text = await page.evaluate(() => {
      const lw = window.linework!;
      const node = lw.editor.store.childrenOf(lw.current.pageId())[0];
      return node?.type === "text" ? node.content : null;
    });
    expect(text).toBe("Hello, Linework");
    await paste(page, {}, { name: "dot.png", type: "image/png", base64: PNG_1X1 });
    expect(await types(page)).toEqual(["text", "image"]);
  });

  test("a paste of thousands of shapes goes in over many commits, as one undo step", async () => {
    const page = shared();
    await start(page);
    const nodes = () =>
      page.evaluate(
        () => window.linework!.editor.store.snapshot().filter((r) => "parent" in r).length,
      );
    // An SVG of 2,000 rectangles comes in as one group of them; selected, it is copied.
    const rects = Array.from(
      { length: 2000 },
      (_, i) =>
        `<rect x="${(i % 50) * 12}" y="${Math.floor(i / 50) * 12}" width="10" height="10"/>`,
    );
    await paste(page, {
      "text/plain": `<svg xmlns="http://www.w3.org/2000/svg">${rects.join("")}</svg>`,
    });
    await expect.poll(nodes).toBe(2001);
    const ours = await page.evaluate(() => {
      const data = new DataTransfer();
      const event = new ClipboardEvent("copy", { clipboardData: data, bubbles: true });
      document.querySelector("canvas")!.dispatchEvent(event);
      const commits = { count: 0 };
      (globalThis as { __commits?: typeof commits }).__commits = commits;
      window.linework!.editor.store.subscribe(() => (commits.count += 1));
      return data.getData("application/x-linework+json");
    });
    // Over SLICED_PASTE_CHARS (32 KiB).
    expect(ours.length).toBeGreaterThan(32 * 1024);
    await paste(page, { "application/x-linework+json": ours });
    await expect.poll(nodes).toBe(4002);
    expect(await types(page)).toEqual(["group", "group"]);
    // Read off the page's thread and added in slices, not in one commit.
    const commits = await page.evaluate(
      () => (globalThis as { __commits?: { count: number } }).__commits!.count,
    );
    expect(commits).toBeGreaterThan(2);
    await page.keyboard.press("Control+z");
    await waitTicks(page);
    expect(await nodes()).toBe(2001);
  });

  test("Ctrl+X of a thousand shapes cuts at once and writes them later, to paste back", async () => {
    const page = shared();
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.evaluate(() => navigator.clipboard.writeText("before"));
    await start(page);
    const nodes = () =>
      page.evaluate(
        () => window.linework!.editor.store.snapshot().filter((r) => "parent" in r).length,
      );
    const rects = Array.from(
      { length: 1200 },
      (_, i) =>
        `<rect x="${(i % 40) * 12}" y="${Math.floor(i / 40) * 12}" width="10" height="10"/>`,
    );
    await paste(page, {
      "text/plain": `<svg xmlns="http://www.w3.org/2000/svg">${rects.join("")}</svg>`,
    });
    await expect.poll(nodes).toBe(1201);
    // Over STEPPED_COPY_NODES: the event writes nothing, the async API writes the records later.
    await page.keyboard.press("Control+x");
    expect(await nodes()).toBe(0);
    await expect
      .poll(() =>
        page.evaluate(async () => {
          try {
            const [item] = await navigator.clipboard.read();
            if (!item?.types.includes("text/html")) return [];
            const html = await (await item.getType("text/html")).text();
            return html.includes("<!--linework:") ? [...item.types].sort() : [];
          } catch (error) {
            // Read while the app's write lands ("Clipboard data has changed"): look again.
            if (error instanceof DOMException && error.name === "DataError") return [];
            throw error;
          }
        }),
      )
      .toEqual(["image/png", "text/html", "text/plain"]);
    await page.keyboard.press("Control+v");
    await expect.poll(nodes).toBe(1201);
    expect(await types(page)).toEqual(["group"]);
  });

  test("garbage on the clipboard is refused with a message and the document is untouched", async () => {
    const page = shared();
    await start(page);
    await drawRect(page);
    const before = await page.evaluate(() => window.linework!.editor.store.version);
    await paste(page, {
      "application/x-linework+json": '{"format":"linework-clipboard","nodes":[{"id":1}]}',
    });
    expect(await page.evaluate(() => window.linework!.editor.store.version)).toBe(before);
    await expect(page.getByRole("alert").or(page.getByRole("status")).first()).toBeVisible();
  });

  test("a file dropped on the canvas is imported where it was dropped", async () => {
    const page = shared();
    await start(page);
    const box = await canvasBox(page);
    await page.evaluate(
      ({ x, y }) => {
        const svg =
          '<svg xmlns="http://www.w3.org/2000/svg" width="40" height="40"><rect width="40" height="40" fill="#00f"/></svg>';
        const data = new DataTransfer();
        data.items.add(new File([svg], "drop.svg", { type: "image/svg+xml" }));
        const canvas = document.querySelector("canvas")!;
        for (const type of ["dragenter", "dragover", "drop"]) {
          canvas.dispatchEvent(
            new DragEvent(type, {
              dataTransfer: data,
              clientX: x,
              clientY: y,
              bubbles: true,
              cancelable: true,
            }),
          );
        }
      },
      { x: box.x + 300, y: box.y + 200 },
    );
    await expect.poll(() => types(page)).toHaveLength(1);
    const centre = await page.evaluate(() => {
      const lw = window.linework!;
      const [node] = lw.editor.store.childrenOf(lw.current.pageId());
      return node
        ? lw.current.camera.worldToScreen({ x: node.transform.x, y: node.transform.y })
        : null;
    });
    expect(centre).not.toBeNull();
    // The imported drawing (40 × 40) is centred on the drop point.
    expect(Math.abs(centre!.x + 20 - 300)).toBeLessThan(2);
    expect(Math.abs(centre!.y + 20 - 200)).toBeLessThan(2);
  });
});
