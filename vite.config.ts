import { readFile } from "node:fs/promises";
import { availableParallelism } from "node:os";
import react from "@vitejs/plugin-react";
import type { Plugin } from "vite";
import { defineConfig } from "vitest/config";
import { buildWasm } from "./scripts/build-wasm.mjs";

const CORE_BINARY = "linework.wasm";

/** Compiles the AssemblyScript core at build time and serves or emits it as /linework.wasm. */
function coreBinary(): Plugin {
  return {
    name: "linework-core-binary",
    configureServer(server) {
      server.middlewares.use((req, res, next) => {
        if (req.url?.split("?")[0] !== `/${CORE_BINARY}`) return next();
        buildWasm()
          .then((file: string) => readFile(file))
          .then((bytes) => {
            res.setHeader("Content-Type", "application/wasm");
            res.end(bytes);
          })
          .catch(next);
      });
    },
    async generateBundle() {
      const file: string = await buildWasm();
      this.emitFile({ type: "asset", fileName: CORE_BINARY, source: await readFile(file) });
    },
  };
}

export default defineConfig({
  plugins: [react(), coreBinary()],
  // Static files (the icon) are served and copied from assets/ as they are.
  publicDir: "assets",
  build: {
    target: "es2022",
    outDir: process.env.LINEWORK_OUT_DIR ?? "dist",
    emptyOutDir: true,
    // PixiJS alone is about 500 kB minified; the app's one chunk is expected to be above Vite's
    // default warning size.
    chunkSizeWarningLimit: 1024,
    sourcemap: true,
    rollupOptions: {
      input: { main: "index.html", embed: "src/embed.ts" },
      // The embed entry is a public module for other pages; its exports must survive the build.
      preserveEntrySignatures: "exports-only",
      output: {
        entryFileNames: (chunk) =>
          chunk.name === "embed" ? "embed.js" : "assets/[name]-[hash].js",
      },
    },
  },
  server: { port: 8080 },
  preview: { port: 8080 },
  test: {
    include: ["tests/**/*.test.ts"],
    globalSetup: ["tests/setup/build-wasm.ts"],
    setupFiles: ["tests/setup/fastCheck.ts"],
    environment: "node",
    testTimeout: 60_000,
    // A test file's beforeAll imports PixiJS, which takes seconds on a busy machine.
    hookTimeout: 60_000,
    // Vitest's default leaves one core to its own process, which on a two-core machine runs the
    // files one at a time; that process mostly waits, so every core gets a worker.
    maxWorkers: availableParallelism(),
    // Files share a worker's modules instead of each importing PixiJS, the model and the wasm
    // core again: the import was most of a file's time. Safe because nothing here replaces a
    // module (no vi.mock), the only state src/ keeps at module level is scratch buffers, memos
    // of pure functions and what is made once for the page (the no-module-state lint's list),
    // and a test that stubs a global or spies on a prototype puts it back.
    isolate: false,
  },
});
