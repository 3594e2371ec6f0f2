// Excalidraw's own drawing of the .excalidraw fixtures, kept as data for
// e2e/excalidrawReference.spec.ts: each scene's SVG as Excalidraw 0.18's `exportToSvg` writes it
// (fonts embedded, 10 units of padding, white background), and in references.json the point of
// the scene at the SVG's top-left corner and the SVG's size.
//
//   npx tsx scripts/excalidraw-references.ts <folder holding node_modules with
//       @excalidraw/excalidraw 0.18, react 18, react-dom 18 and esbuild>
//
// Run by hand when the fixtures change, never by `npm test` (the test needs only its output). It
// bundles a page with that install's esbuild, serves it on 127.0.0.1 and drives the Chromium the
// browser tests use; nothing is fetched from anywhere.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from "node:fs";
import { createReadStream } from "node:fs";
import { createServer } from "node:http";
import { tmpdir } from "node:os";
import { basename, dirname, extname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { chromium } from "@playwright/test";
import { CHROMIUM_ARGS, CHROMIUM_PATH } from "../e2e/chromium";

const ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "..");
const OUT = join(ROOT, "e2e", "fixtures", "excalidraw");
/** The scenes: the fixtures beside the references, and the unit tests' two Excalidraw files. */
const SCENES = [OUT, join(ROOT, "tests", "fixtures", "excalidraw")].flatMap((dir) =>
  readdirSync(dir)
    .filter((f) => f.endsWith(".excalidraw"))
    .map((f) => join(dir, f)),
);

const install = process.argv[2];
const modules = install === undefined ? "" : resolve(install, "node_modules");
if (!existsSync(join(modules, "@excalidraw", "excalidraw", "package.json"))) {
  console.error(
    "usage: tsx scripts/excalidraw-references.ts <folder with node_modules/@excalidraw/excalidraw>",
  );
  process.exit(1);
}
const version = (
  JSON.parse(readFileSync(join(modules, "@excalidraw", "excalidraw", "package.json"), "utf8")) as {
    version: string;
  }
).version;

// The page: Excalidraw's restore, its bounds and its exportToSvg, nothing else.
const www = mkdtempSync(join(tmpdir(), "excalidraw-references-"));
writeFileSync(
  join(www, "page.js"),
  `import { exportToSvg, restore, getCommonBounds } from "@excalidraw/excalidraw";
window.renderScene = async (json) => {
  const data = restore(JSON.parse(json), null, null);
  const elements = data.elements.filter((e) => !e.isDeleted);
  let [minX, minY] = getCommonBounds(elements);
  // The export adds each frame's title (14-unit Helvetica, line height 1.25, 3 units above it)
  // to what it places by.
  for (const e of elements)
    if (e.type === "frame" || e.type === "magicframe") minY = Math.min(minY, e.y - 3 - 17.5);
  const svg = await exportToSvg({
    elements,
    appState: { ...data.appState, exportBackground: true, exportWithDarkMode: false, exportEmbedScene: false, viewBackgroundColor: "#ffffff" },
    files: data.files,
    exportPadding: 10,
  });
  return { svg: svg.outerHTML, x: minX - 10, y: minY - 10, width: +svg.getAttribute("width"), height: +svg.getAttribute("height") };
};
window.ready = true;
`,
);
writeFileSync(
  join(www, "index.html"),
  `<!doctype html><meta charset=utf-8><script>window.EXCALIDRAW_ASSET_PATH = "/";</script><script type=module src=/bundle.js></script>`,
);
execFileSync(
  join(modules, ".bin", "esbuild"),
  [
    join(www, "page.js"),
    "--bundle",
    "--format=esm",
    "--conditions=production",
    `--define:process.env.NODE_ENV="production"`,
    "--loader:.woff2=file",
    "--loader:.ttf=file",
    "--loader:.png=file",
    "--loader:.svg=file",
    "--loader:.css=empty",
    `--outfile=${join(www, "bundle.js")}`,
    "--log-level=error",
  ],
  { env: { ...process.env, NODE_PATH: modules }, stdio: "inherit" },
);
// Excalidraw fetches the fonts it embeds from EXCALIDRAW_ASSET_PATH + "fonts/…".
cpSync(join(modules, "@excalidraw", "excalidraw", "dist", "prod", "fonts"), join(www, "fonts"), {
  recursive: true,
});

const TYPES: Record<string, string> = {
  ".html": "text/html",
  ".js": "text/javascript",
  ".woff2": "font/woff2",
};
const server = createServer((request, response) => {
  const file = join(www, decodeURIComponent(new URL(request.url ?? "/", "http://x").pathname));
  if (!file.startsWith(www) || !existsSync(file) || file === www) {
    response.writeHead(404).end();
    return;
  }
  response.writeHead(200, { "content-type": TYPES[extname(file)] ?? "application/octet-stream" });
  createReadStream(file).pipe(response);
});
await new Promise<void>((done) => server.listen(0, "127.0.0.1", done));
const port = (server.address() as { port: number }).port;

const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: [...CHROMIUM_ARGS] });
const page = await browser.newPage();
await page.goto(`http://127.0.0.1:${port}/index.html`);
await page.waitForFunction(() => (window as unknown as { ready?: boolean }).ready === true);
const references: Record<string, { x: number; y: number; width: number; height: number }> = {};
for (const scene of SCENES.sort()) {
  const name = basename(scene, ".excalidraw");
  const made = await page.evaluate(
    (json) =>
      (
        window as unknown as {
          renderScene(json: string): Promise<{
            svg: string;
            x: number;
            y: number;
            width: number;
            height: number;
          }>;
        }
      ).renderScene(json),
    readFileSync(scene, "utf8"),
  );
  writeFileSync(join(OUT, `${name}.svg`), made.svg + "\n");
  references[name] = { x: made.x, y: made.y, width: made.width, height: made.height };
  console.log(`${name}: ${made.width} × ${made.height}`);
}
writeFileSync(
  join(OUT, "references.json"),
  JSON.stringify({ excalidraw: version, scenes: references }, null, 2) + "\n",
);
await browser.close();
server.close();
