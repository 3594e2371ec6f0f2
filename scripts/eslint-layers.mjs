// ESLint rules that keep the layers of ARCHITECTURE.md real: `linework/layers` (no import from a
// later layer, type-only imports included) and `linework/no-import-cycle` (no circle of files).
import fs from "node:fs";
import path from "node:path";

/**
 * The program's layers, lowest first. A file may import from its own folder and from folders
 * listed before its own, never after: so no two folders can import each other. `engine/` sits
 * below all of them and imports none of them.
 */
export const LAYERS = [
  "math", // Point, Box: the shared vocabulary of positions and areas
  "doc", // records, the store, transactions, patches, invariants, transform math
  "fonts", // bundled typefaces and glyph outlines
  "geometry", // kind-agnostic geometry: boxes, outlines, paths, arrowheads, dashes, hit outlines
  "shapes", // one module per node kind and the registry of them; what works on any kind through it
  "scene", // the page as a whole: spatial index kept from patches, picking
  "history", // undo and redo from commits
  "editing", // what tools, panels and savers share: store + history, settings, command shape
  "render", // the PixiJS scene kept from patches, overlays
  "io", // files in and out: native format, SVG, PNG, PDF, imports behind one boundary
  "persist", // autosave, recovery, the document library
  "snap", // snapping to grid, shapes and spacing
  "actions", // editing operations on the selection
  "commandLine", // the typed command language
  "tools", // one state machine per tool and the controller that feeds them
  "app", // the program: wiring of editor, commands, files, clipboard
  "ui", // React chrome
  "embed.ts", // mountLinework()
  "main.ts", // the page's entry point
];

const SOURCE_ROOT = "src";
const EXTENSIONS = ["", ".ts", ".tsx", "/index.ts", "/index.tsx"];

function resolveImport(fromFile, specifier) {
  if (!specifier.startsWith(".")) return null;
  const base = path.resolve(path.dirname(fromFile), specifier);
  for (const ext of EXTENSIONS) {
    const candidate = base + ext;
    if (fs.existsSync(candidate) && fs.statSync(candidate).isFile()) return candidate;
  }
  return null;
}

/** The layer of a file under src/ ("tools", "embed.ts"…), or null outside src/. */
export function layerOf(file, root = process.cwd()) {
  const relative = path.relative(path.join(root, SOURCE_ROOT), file);
  if (relative.startsWith("..") || path.isAbsolute(relative)) return null;
  return relative.split(path.sep)[0];
}

function rankOf(layer) {
  return LAYERS.indexOf(layer);
}

function importSources(node, visit) {
  return {
    ImportDeclaration: (n) => visit(n, n.source.value),
    ExportNamedDeclaration: (n) => n.source && visit(n, n.source.value),
    ExportAllDeclaration: (n) => visit(n, n.source.value),
    ImportExpression: (n) => n.source.type === "Literal" && visit(n, n.source.value),
  };
}

const layers = {
  meta: {
    type: "problem",
    docs: { description: "Imports only go down the layers listed in ARCHITECTURE.md." },
    schema: [],
    messages: {
      upward: "{{from}}/ is below {{to}}/ in the layers: it must not import from it ({{spec}}).",
      unlisted: "{{layer}} is not a layer: add it to LAYERS in scripts/eslint-layers.mjs.",
    },
  },
  create(context) {
    const file = context.filename;
    const from = layerOf(file, context.cwd);
    if (from === null) return {};
    if (rankOf(from) < 0) {
      return {
        Program: (n) => context.report({ node: n, messageId: "unlisted", data: { layer: from } }),
      };
    }
    return importSources(context, (node, spec) => {
      const target = resolveImport(file, spec);
      if (target === null) return;
      const to = layerOf(target, context.cwd);
      if (to === null || to === from) return;
      if (rankOf(to) > rankOf(from) || rankOf(to) < 0) {
        context.report({ node, messageId: "upward", data: { from, to, spec } });
      }
    });
  },
};

/** Every relative import of a file, resolved; read once per lint run for the cycle rule. */
const IMPORT_PATTERN =
  /(?:^|\n)\s*(?:import|export)\s[^"';]*?from\s*["']([^"']+)["']|import\(\s*["']([^"']+)["']\s*\)/g;

function collectGraph(dir, graph = new Map()) {
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) collectGraph(full, graph);
    else if (/\.tsx?$/.test(entry.name)) {
      const text = fs.readFileSync(full, "utf8");
      const targets = new Set();
      for (const match of text.matchAll(IMPORT_PATTERN)) {
        const target = resolveImport(full, match[1] ?? match[2]);
        if (target !== null) targets.add(target);
      }
      graph.set(full, targets);
    }
  }
  return graph;
}

/** Tarjan's strongly connected components: each file in a circle maps to its circle's id. */
export function circles(graph) {
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const circleOf = new Map();
  const visit = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of graph.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) !== index.get(v)) return;
    const members = [];
    let w;
    do {
      w = stack.pop();
      onStack.delete(w);
      members.push(w);
    } while (w !== v);
    const selfImport = graph.get(v)?.has(v) ?? false;
    if (members.length > 1 || selfImport) for (const m of members) circleOf.set(m, index.get(v));
  };
  for (const v of graph.keys()) if (!index.has(v)) visit(v);
  return circleOf;
}

const circleCache = new Map();

const noImportCycle = {
  meta: {
    type: "problem",
    docs: { description: "No circle of imports between files." },
    schema: [],
    messages: { circle: "{{spec}} closes a circle of imports back to this file." },
  },
  create(context) {
    const file = context.filename;
    if (layerOf(file, context.cwd) === null) return {};
    const root = path.join(context.cwd, SOURCE_ROOT);
    if (!circleCache.has(root)) circleCache.set(root, circles(collectGraph(root)));
    const circleOf = circleCache.get(root);
    const mine = circleOf.get(file);
    if (mine === undefined) return {};
    return importSources(context, (node, spec) => {
      const target = resolveImport(file, spec);
      if (target !== null && circleOf.get(target) === mine) {
        context.report({ node, messageId: "circle", data: { spec } });
      }
    });
  },
};

export default { rules: { layers, "no-import-cycle": noImportCycle } };
