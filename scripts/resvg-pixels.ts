// Renders each SVG of the resvg corpus through Linework (import, then our WebGL canvas in headless
// Chromium) and compares it with the reference PNG. A file passes when at most MAX_BAD_SHARE of
// its pixels differ by more than CHANNEL_TOLERANCE in a channel after both images are blurred
// over 3 × 3 pixels (the reference composited on white). Prints a per-folder table.
// Run: npx tsx scripts/resvg-pixels.ts [folder-filter]   (serves dist/, or RESVG_PIXELS_ROOT;
// build first with npm run build). Port from RESVG_PIXELS_PORT (default 4612).

import { spawn, type ChildProcess } from "node:child_process";
import { existsSync, readFileSync, writeFileSync } from "node:fs";
import { svgFilesUnder } from "./svgFiles.ts";
import { join, relative, resolve } from "node:path";
import { chromium, type Page } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium.ts";

// The corpus sits beside the project folder unless RESVG_CORPUS says where.
const CORPUS =
  process.env.RESVG_CORPUS ?? resolve(import.meta.dirname, "../../shared/corpora/resvg");
const PORT = Number(process.env.RESVG_PIXELS_PORT ?? 4612);
const ROOT = resolve(process.env.RESVG_PIXELS_ROOT ?? "dist");
const FILTER = process.argv[2] ?? "";
const CHANNEL_TOLERANCE = 48;
const MAX_BAD_SHARE = 0.02;
/**
 * resvg renders each test's viewBox (or width) into the reference PNG's width: most are 200
 * units into 300 pixels.
 */
function zoomFor(svg: string, referenceWidth: number): number {
  const root = /<svg\b[^>]*>/.exec(svg)?.[0] ?? "";
  const viewBox = /viewBox="\s*[-\d.]+[\s,]+[-\d.]+[\s,]+([\d.]+)/.exec(root)?.[1];
  const width = /\swidth="([\d.]+)(px)?"/.exec(root)?.[1];
  const units = Number(viewBox ?? width ?? 200);
  return units > 0 ? referenceWidth / units : 1.5;
}

/** The corpus's SVGs that have a reference PNG beside them. */
function svgFiles(dir: string): string[] {
  return svgFilesUnder(dir).filter((path) => existsSync(path.replace(/\.svg$/, ".png")));
}

async function serve(): Promise<ChildProcess | null> {
  const url = `http://localhost:${PORT}/`;
  const up = (): Promise<boolean> =>
    fetch(url)
      .then((r) => r.ok)
      .catch(() => false);
  if (await up()) return null;
  if (!existsSync(resolve(ROOT, "index.html"))) throw new Error(`${ROOT}/index.html is missing`);
  const server = spawn(
    process.execPath,
    ["scripts/serve.mjs", "--port", String(PORT), "--root", ROOT],
    {
      stdio: "ignore",
    },
  );
  for (let i = 0; i < 100; i += 1) {
    if (await up()) return server;
    await new Promise((done) => setTimeout(done, 100));
  }
  server.kill();
  throw new Error(`the app server did not start on port ${PORT}`);
}

/** Empties the page, imports the file, shows it at `zoom` and waits for drawing to settle. */
async function showFile(
  page: Page,
  name: string,
  text: string,
  zoom: number,
): Promise<string | null> {
  return page.evaluate(
    async ({ fileName, svg, zoom, settle }) => {
      const lw = window.linework!;
      const store = lw.editor.store;
      const pageId = lw.current.pageId();
      store.transact("Clear", (tx) => {
        for (const record of store.snapshot()) if ("parent" in record) tx.remove(record.id);
        tx.update(pageId, { background: { r: 1, g: 1, b: 1, a: 1 } });
      });
      const outcome = await lw.importFile(fileName, svg);
      store.setSelection([]);
      lw.current.camera.set({ x: 0, y: 0, zoom });
      for (let i = 0; i < 6; i++) await new Promise((done) => requestAnimationFrame(done));
      // Images decode asynchronously; give them time, then let a few more frames draw.
      await new Promise((done) => setTimeout(done, settle));
      for (let i = 0; i < 3; i++) await new Promise((done) => requestAnimationFrame(done));
      return outcome.ok ? null : outcome.error;
    },
    { fileName: name, svg: text, zoom, settle: text.includes("<image") ? 400 : 50 },
  );
}

/** Share of pixels that differ by more than the tolerance, computed in the page. */
async function badShare(page: Page, ours: Buffer, reference: Buffer): Promise<number> {
  return page.evaluate(
    async ({ a, b, tolerance }) => {
      const pixels = async (base64: string, w: number, h: number): Promise<Uint8ClampedArray> => {
        const image = new Image();
        image.src = `data:image/png;base64,${base64}`;
        await image.decode();
        const canvas = document.createElement("canvas");
        canvas.width = w;
        canvas.height = h;
        const context = canvas.getContext("2d")!;
        context.fillStyle = "#fff";
        context.fillRect(0, 0, w, h);
        context.drawImage(image, 0, 0, w, h);
        return context.getImageData(0, 0, w, h).data;
      };
      const probe = new Image();
      probe.src = `data:image/png;base64,${b}`;
      await probe.decode();
      const w = probe.naturalWidth;
      const h = probe.naturalHeight;
      const [pa, pb] = [await pixels(a, w, h), await pixels(b, w, h)];
      // Both images are blurred over 3 × 3 pixels first: anti-aliasing spreads a hairline over
      // one or two pixels differently in each renderer, and the blur makes those equal.
      const blur = (p: Uint8ClampedArray): Float32Array => {
        const out = new Float32Array(w * h * 3);
        for (let y = 0; y < h; y++)
          for (let x = 0; x < w; x++) {
            let n = 0;
            let r = 0;
            let g = 0;
            let b = 0;
            for (let dy = -1; dy <= 1; dy++)
              for (let dx = -1; dx <= 1; dx++) {
                const nx = x + dx;
                const ny = y + dy;
                if (nx < 0 || ny < 0 || nx >= w || ny >= h) continue;
                const k = (ny * w + nx) * 4;
                r += p[k]!;
                g += p[k + 1]!;
                b += p[k + 2]!;
                n++;
              }
            const o = (y * w + x) * 3;
            out[o] = r / n;
            out[o + 1] = g / n;
            out[o + 2] = b / n;
          }
        return out;
      };
      const [ba, bb] = [blur(pa), blur(pb)];
      let bad = 0;
      for (let i = 0; i < ba.length; i += 3) {
        const d = Math.max(
          Math.abs(ba[i]! - bb[i]!),
          Math.abs(ba[i + 1]! - bb[i + 1]!),
          Math.abs(ba[i + 2]! - bb[i + 2]!),
        );
        if (d > tolerance) bad += 1;
      }
      return bad / (w * h);
    },
    { a: ours.toString("base64"), b: reference.toString("base64"), tolerance: CHANNEL_TOLERANCE },
  );
}

async function main(): Promise<void> {
  const server = await serve();
  const browser = await chromium.launch({
    executablePath: CHROMIUM_PATH,
    args: [...CHROMIUM_ARGS],
  });
  const tallies = new Map<string, { files: number; passed: number }>();
  try {
    const context = await browser.newContext({
      viewport: { width: 1024, height: 700 },
      deviceScaleFactor: 1,
    });
    await context.addInitScript("globalThis.__name = (f) => f;");
    const page = await context.newPage();
    await page.goto(`http://localhost:${PORT}/?aspect=window`);
    await page.waitForFunction(() => window.linework?.engine.state === "running", null, {
      timeout: 60_000,
    });
    // The chrome sits over the canvas; only the drawing is compared.
    await page.addStyleTag({ content: ".lw-overlay-host { display: none !important; }" });
    const box = (await page.locator("canvas").boundingBox())!;
    for (const file of svgFiles(CORPUS)) {
      const rel = relative(CORPUS, file);
      if (!rel.includes(FILTER)) continue;
      const folder = rel.split("/").slice(0, -1).join("/");
      const tally = tallies.get(folder) ?? { files: 0, passed: 0 };
      tallies.set(folder, tally);
      tally.files += 1;
      const reference = readFileSync(file.replace(/\.svg$/, ".png"));
      const width = reference.readUInt32BE(16);
      const height = reference.readUInt32BE(20);
      const text = readFileSync(file, "utf8");
      const error = await showFile(page, rel, text, zoomFor(text, width));
      if (error !== null) continue;
      const ours = await page.screenshot({ clip: { x: box.x, y: box.y, width, height } });
      const share = await badShare(page, ours, reference);
      if (process.env.RESVG_PIXELS_DUMP) {
        writeFileSync(join(process.env.RESVG_PIXELS_DUMP, rel.replace(/\//g, "_") + ".png"), ours);
      }
      if (share <= MAX_BAD_SHARE) tally.passed += 1;
      else if (process.env.RESVG_PIXELS_VERBOSE)
        process.stderr.write(`${rel}: ${(share * 100).toFixed(1)} % differ\n`);
    }
  } finally {
    await browser.close();
    server?.kill();
  }
  const rows = [...tallies].map(([folder, t]) => ({ folder, ...t }));
  const all = rows.reduce((s, r) => ({ files: s.files + r.files, passed: s.passed + r.passed }), {
    files: 0,
    passed: 0,
  });
  const pct = (n: number, d: number): string => `${Math.round((n / Math.max(1, d)) * 100)} %`;
  process.stdout.write(
    [
      `| folder | files | pixel pass (≤ ${MAX_BAD_SHARE * 100} % of pixels off by > ${CHANNEL_TOLERANCE} after a 3×3 blur) |`,
      "| --- | ---: | ---: |",
      ...rows.map((r) => `| ${r.folder} | ${r.files} | ${r.passed} (${pct(r.passed, r.files)}) |`),
      `| all | ${all.files} | ${all.passed} (${pct(all.passed, all.files)}) |`,
    ].join("\n") + "\n",
  );
}

await main();
