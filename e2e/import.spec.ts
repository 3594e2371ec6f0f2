import { expect, test, type Page } from "@playwright/test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import * as generated from "../tests/corpora/hostile/generated";
import { sharedFreshApp } from "./support";

const CORPUS = fileURLToPath(new URL("../tests/corpora/hostile", import.meta.url));
const corpus = (name: string): string => readFileSync(join(CORPUS, name), "utf8");

type Outcome = { ok: true; ids: string[]; warnings: string[] } | { ok: false; error: string };

/** Imports through the public API; bytes travel as a plain array and become a Uint8Array inside. */
async function importFile(page: Page, name: string, data: string | Uint8Array): Promise<Outcome> {
  const payload: { text: string | null; bytes: number[] } =
    typeof data === "string" ? { text: data, bytes: [] } : { text: null, bytes: Array.from(data) };
  return page.evaluate(
    async ({ name: fileName, payload: p }) => {
      const input = p.text ?? Uint8Array.from(p.bytes);
      return window.linework!.importFile(fileName, input, { x: 0, y: 0 });
    },
    { name, payload },
  );
}

/**
 * Every request the page makes from now on, apart from data: and blob: URLs, which stay inside
 * the page, and the app's own import worker script (its code, from its own origin, which a
 * large import starts).
 */
function recordRequests(page: Page): string[] {
  const seen: string[] = [];
  page.on("request", (request) => {
    const url = request.url();
    if (url.startsWith("data:") || url.startsWith("blob:")) return;
    const own = new URL(url).origin === new URL(page.url()).origin;
    if (own && /\/assets\/worker-[\w-]+\.js$/.test(url)) return;
    seen.push(url);
  });
  return seen;
}

/**
 * Drops an SVG of `paths` small squares, built in the page, on the middle of the canvas, as a
 * person dropping a file would.
 */
async function dropSvg(page: Page, name: string, paths: number): Promise<void> {
  await page.evaluate(
    ({ fileName, count }) => {
      const parts = ['<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 2000 2000">'];
      for (let i = 0; i < count; i++)
        parts.push(`<path d="M${(i % 400) * 5} ${Math.floor(i / 400) * 5}h4v4h-4z" fill="#369"/>`);
      parts.push("</svg>");
      const transfer = new DataTransfer();
      transfer.items.add(new File([parts.join("\n")], fileName, { type: "image/svg+xml" }));
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
    { fileName: name, count: paths },
  );
}

async function documentState(page: Page): Promise<{ version: number; records: string }> {
  return page.evaluate(() => {
    const store = window.linework!.editor.store;
    return { version: store.version, records: JSON.stringify(store.snapshot()) };
  });
}

const HOSTILE: Array<{ name: string; data: () => string | Uint8Array; fails: boolean }> = [
  { name: "billion-laughs.svg", data: () => corpus("billion-laughs.svg"), fails: true },
  { name: "quadratic-blowup.svg", data: generated.quadraticBlowup, fails: true },
  { name: "external-entity.svg", data: () => corpus("external-entity.svg"), fails: false },
  { name: "recursive-use.svg", data: () => corpus("recursive-use.svg"), fails: false },
  { name: "scripts.svg", data: () => corpus("scripts.svg"), fails: false },
  { name: "external-resources.svg", data: () => corpus("external-resources.svg"), fails: false },
  { name: "huge-numbers.svg", data: () => corpus("huge-numbers.svg"), fails: false },
  { name: "malformed.svg", data: () => corpus("malformed.svg"), fails: true },
  { name: "truncated.svg", data: () => corpus("truncated.svg"), fails: true },
  { name: "deep.svg", data: () => generated.deepNesting(1100), fails: true },
  { name: "garbage.svg", data: () => generated.binaryGarbage(4096), fails: true },
  { name: "liar.png", data: generated.lyingPng, fails: true },
];

test.describe("import of untrusted files", () => {
  // One app for them all, put back as a fresh start leaves it before each (resetApp).
  const shared = sharedFreshApp();

  test("hostile files: zero network requests, no script runs, the document is untouched on failure", async () => {
    const page = shared();
    test.setTimeout(120_000);
    const dialogs: string[] = [];
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const requests = recordRequests(page);
    for (const file of HOSTILE) {
      const before = await documentState(page);
      const outcome = await importFile(page, file.name, file.data());
      expect(outcome.ok, `${file.name}: ${JSON.stringify(outcome)}`).toBe(!file.fails);
      if (!outcome.ok) {
        expect(outcome.error.length).toBeGreaterThan(0);
        expect(await documentState(page)).toEqual(before);
      }
    }
    // Let the renderer draw what came in (images decode, text lays out) before checking.
    await page.waitForTimeout(500);
    expect(requests).toEqual([]);
    // The recorder is live: a request the page does make is seen.
    await page.evaluate(() => fetch("/linework.wasm?probe").then((r) => r.arrayBuffer()));
    expect(requests).toEqual([expect.stringContaining("/linework.wasm?probe")]);
    expect(dialogs).toEqual([]);
    expect(
      await page.evaluate(
        () => (window as unknown as { __lineworkPwned?: string }).__lineworkPwned,
      ),
    ).toBeUndefined();
  });

  test("a good SVG imports as one undo step and becomes the selection", async () => {
    const page = shared();
    const svg = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100"><rect x="10" y="10" width="40" height="30" fill="#3366ff"/><circle cx="70" cy="70" r="20" fill="orange"/></svg>`;
    const before = await page.evaluate(() => {
      const lw = window.linework!;
      return { undo: lw.editor.history.depth.undo, nodes: lw.editor.store.snapshot().length };
    });
    const outcome = await importFile(page, "good.svg", svg);
    expect(outcome).toEqual({ ok: true, ids: [expect.any(String)], warnings: [] });
    const after = await page.evaluate(() => {
      const lw = window.linework!;
      return {
        undo: lw.editor.history.depth.undo,
        nodes: lw.editor.store.snapshot().length,
        selection: [...lw.editor.store.selection],
      };
    });
    expect(after.undo).toBe(before.undo + 1);
    expect(after.nodes).toBe(before.nodes + 3);
    expect(after.selection).toEqual(outcome.ok ? outcome.ids : []);
    await page.evaluate(() => window.linework!.editor.history.undo());
    expect(await page.evaluate(() => window.linework!.editor.store.snapshot().length)).toBe(
      before.nodes,
    );
  });

  test("a large dropped SVG shows its progress; Cancel leaves the document as it was", async () => {
    const page = shared();
    test.setTimeout(90_000);
    const requests = recordRequests(page);
    const before = await documentState(page);
    await dropSvg(page, "big.svg", 100_000);
    const bar = page.getByRole("progressbar", { name: "Import progress of big.svg" });
    await expect(bar).toBeVisible({ timeout: 20_000 });
    await page
      .getByRole("region", { name: "Imports and exports in progress" })
      .getByRole("button", { name: "Cancel" })
      .click();
    await expect(bar).toBeHidden();
    // Long enough for a worker that was not really stopped to have answered.
    await page.waitForTimeout(1500);
    expect(await documentState(page)).toEqual(before);
    await expect(page.locator("[data-banner]")).toHaveCount(0);
    expect(requests).toEqual([]);
  });

  test("a large dropped SVG imports off the main thread as one undo step", async () => {
    const page = shared();
    test.setTimeout(90_000);
    const requests = recordRequests(page);
    const before = await page.evaluate(() => {
      const lw = window.linework!;
      return { undo: lw.editor.history.depth.undo, nodes: lw.editor.store.snapshot().length };
    });
    const workers: string[] = [];
    page.on("worker", (worker) => workers.push(worker.url()));
    await dropSvg(page, "grid.svg", 20_000);
    await expect(
      page.getByRole("progressbar", { name: "Import progress of grid.svg" }),
    ).toBeVisible();
    await expect
      .poll(() => page.evaluate(() => window.linework!.editor.store.snapshot().length), {
        timeout: 60_000,
      })
      .toBe(before.nodes + 20_001);
    await expect(page.getByRole("progressbar")).toHaveCount(0);
    expect(await page.evaluate(() => window.linework!.editor.history.depth.undo)).toBe(
      before.undo + 1,
    );
    expect(workers).toEqual([expect.stringMatching(/\/assets\/worker-[\w-]+\.js$/)]);
    await page.evaluate(() => window.linework!.editor.history.undo());
    expect(await page.evaluate(() => window.linework!.editor.store.snapshot().length)).toBe(
      before.nodes,
    );
    expect(requests).toEqual([]);
  });
});
