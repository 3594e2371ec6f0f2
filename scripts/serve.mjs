// A small static server for the built app (dist/). `npm start` uses it on port 8080.
// With --test-hooks it also serves e2e/fixtures under /fixtures/, lets a request pick the MIME
// type of a .wasm file (?mime=…) to exercise the loader's fallback, and records requests for the
// binary at /__test/requests. Those hooks are never on in `npm start`.
import { createReadStream, existsSync, statSync } from "node:fs";
import { createServer } from "node:http";
import { extname, join, normalize, resolve, sep } from "node:path";
import { ROOT, run } from "./ensure.mjs";

const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name, fallback) => {
  const index = args.indexOf(`--${name}`);
  return index >= 0 && args[index + 1] ? args[index + 1] : fallback;
};

const port = Number(option("port", process.env.PORT || "8080"));
const host = option("host", undefined);
const testHooks = flag("test-hooks");
const distRoot = resolve(ROOT, option("root", "dist"));
const fixturesRoot = resolve(ROOT, "e2e", "fixtures");

// The build goes where this server serves from, so test runs on other ports never share a folder.
const buildEnv = { ...process.env, LINEWORK_OUT_DIR: distRoot };
if (flag("build") && run("npm", ["run", "build", "--silent"], { env: buildEnv }) !== 0)
  process.exit(1);
if (!existsSync(join(distRoot, "index.html"))) {
  console.error(`Nothing to serve: ${distRoot}/index.html is missing. Run "npm run build" first.`);
  process.exit(1);
}

const TYPES = {
  ".html": "text/html; charset=utf-8",
  ".js": "text/javascript; charset=utf-8",
  ".mjs": "text/javascript; charset=utf-8",
  ".css": "text/css; charset=utf-8",
  ".json": "application/json",
  ".map": "application/json",
  ".wasm": "application/wasm",
  ".svg": "image/svg+xml",
  ".png": "image/png",
  ".ico": "image/x-icon",
  ".woff2": "font/woff2",
};

const binaryRequests = [];

function inside(base, path) {
  const full = normalize(join(base, path));
  return full === base || full.startsWith(base + sep) ? full : null;
}

const server = createServer((req, res) => {
  const url = new URL(req.url ?? "/", `http://${req.headers.host ?? "localhost"}`);
  if (req.method !== "GET" && req.method !== "HEAD") {
    res.writeHead(405).end();
    return;
  }
  if (testHooks && url.pathname === "/__test/requests") {
    res.writeHead(200, { "Content-Type": "application/json", "Cache-Control": "no-store" });
    res.end(JSON.stringify(binaryRequests));
    return;
  }

  let path = decodeURIComponent(url.pathname);
  let file = null;
  if (testHooks && path.startsWith("/fixtures/"))
    file = inside(fixturesRoot, path.slice("/fixtures/".length));
  else file = inside(distRoot, path === "/" ? "index.html" : path.slice(1));
  if (file !== null && existsSync(file) && statSync(file).isDirectory())
    file = join(file, "index.html");

  if (extname(path) === ".wasm") {
    binaryRequests.push({
      path,
      method: req.method,
      cookie: req.headers.cookie ?? null,
      mode: req.headers["sec-fetch-mode"] ?? null,
    });
  }
  if (file === null || !existsSync(file)) {
    res.writeHead(404, { "Content-Type": "text/plain; charset=utf-8" }).end(`Not found: ${path}`);
    return;
  }
  let type = TYPES[extname(file)] ?? "application/octet-stream";
  if (testHooks && url.searchParams.has("mime")) type = url.searchParams.get("mime");
  res.writeHead(200, {
    "Content-Type": type,
    "Content-Length": statSync(file).size,
    "Cache-Control": extname(file) === ".html" ? "no-cache" : "public, max-age=0",
  });
  if (req.method === "HEAD") res.end();
  else createReadStream(file).pipe(res);
});

server.listen(port, host, () => {
  console.log(`Linework is being served at http://${host ?? "localhost"}:${port}/`);
});
