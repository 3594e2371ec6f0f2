// ESLint rule `linework/no-module-state`: state that outlives a document or a program must belong
// to the object whose lifetime it shares (Editor, Program, the renderer), not to a module, where
// a second document or a second Linework on the page would find the first one's leftovers.
import path from "node:path";

/**
 * The module-level state that stays, with why it is safe. Each entry is a file under src/ and
 * the names in it; ARCHITECTURE.md ("Module state") gives the same reasons in prose.
 */
export const ALLOWED_MODULE_STATE = {
  // Scratch buffers: grown on demand and overwritten by each call before it reads them, so
  // nothing passes from one call to the next (JavaScript runs one call at a time).
  "src/persist/checksum.ts": ["buffer"],
  "src/render/displays.ts": ["meshWriter"],
  "src/render/batch/encode.ts": ["scratch", "strokeScratch", "inkFills"],
  "src/render/stroke/crossings.ts": ["scratch"],
  "src/render/stroke/delaunay.ts": ["buffers"],
  "src/render/stroke/fringe.ts": ["segmentBuffer"],
  "src/render/stroke/segmentTree.ts": ["boxBuffer"],
  // Memos of pure functions, keyed by immutable records (held weakly) or by a handful of
  // numbers: a hit returns what the function would compute (encode.ts's inkFills too).
  "src/shapes/bindings.ts": ["boxes", "flattened"],
  "src/render/overlays/geometry.ts": ["rotateCursors"],
  // Made once for the page and never changed after: a headless paper.js scope that keeps no
  // items, the two shader programs (PixiJS compiles them per renderer), and the page-wide
  // registrations they mirror (the document's fonts, PixiJS's blend-mode extensions).
  "src/geometry/paperPaths.ts": ["sharedScope"],
  "src/render/batch/chunkMesh.ts": ["program"],
  "src/render/paintMesh/paintMesh.ts": ["program"],
  "src/render/hslBlends.ts": ["registered"],
  "src/fonts/bundledFonts.ts": ["registered", "glyphs"],
};

/** Methods that change the collection or array they are called on. */
const MUTATORS = new Set([
  "set",
  "add",
  "delete",
  "clear",
  "push",
  "pop",
  "shift",
  "unshift",
  "splice",
  "sort",
  "reverse",
  "fill",
  "copyWithin",
]);

/** Classes whose instances keep nothing between calls. */
const STATELESS = new Set(["TextEncoder", "TextDecoder", "RegExp", "URL", "URLSearchParams"]);

/** Built-in containers: state only where the file changes them (constant tables are fine). */
const CONTAINERS = new Set([
  "Map",
  "Set",
  "WeakMap",
  "WeakSet",
  "Array",
  "Uint8Array",
  "Uint16Array",
  "Uint32Array",
  "Int8Array",
  "Int16Array",
  "Int32Array",
  "Float32Array",
  "Float64Array",
]);

function unwrap(node) {
  let n = node;
  while (
    n &&
    (n.type === "TSAsExpression" ||
      n.type === "TSSatisfiesExpression" ||
      n.type === "TSNonNullExpression")
  )
    n = n.expression;
  return n;
}

/** Whether a reference to a module-level binding changes what it holds. */
function mutates(identifier) {
  const member = identifier.parent;
  if (member?.type !== "MemberExpression" || member.object !== identifier) return false;
  const use = member.parent;
  if (use?.type === "AssignmentExpression" && use.left === member) return true;
  if (use?.type === "UpdateExpression") return true;
  if (use?.type === "UnaryExpression" && use.operator === "delete") return true;
  if (use?.type === "CallExpression" && use.callee === member) {
    const name = member.computed ? null : member.property.name;
    return name !== null && MUTATORS.has(name);
  }
  return false;
}

const noModuleState = {
  meta: {
    type: "problem",
    docs: { description: "No mutable state at module level in src/." },
    schema: [
      {
        type: "object",
        properties: { allow: { type: "object" } },
        additionalProperties: false,
      },
    ],
    messages: {
      state:
        "{{name}} is module-level mutable state ({{why}}): give it to the object whose lifetime " +
        "it shares (Editor, Program, the renderer), or, if it is safe, list it with the reason " +
        "in ALLOWED_MODULE_STATE (scripts/eslint-module-state.mjs) and ARCHITECTURE.md.",
    },
  },
  create(context) {
    const relative = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    if (!relative.startsWith("src/")) return {};
    const allow = context.options[0]?.allow ?? ALLOWED_MODULE_STATE;
    const allowed = new Set(allow[relative] ?? []);
    const report = (node, name, why) => {
      if (!allowed.has(name)) context.report({ node, messageId: "state", data: { name, why } });
    };
    return {
      "Program:exit"(program) {
        const global = context.sourceCode.getScope(program);
        const scope = global.childScopes.find((s) => s.type === "module") ?? global;
        for (const variable of scope.variables) {
          const def = variable.defs[0];
          if (def?.type !== "Variable") continue;
          const declaration = def.parent;
          const at = declaration.parent;
          const topLevel =
            at?.type === "Program" ||
            (at?.type === "ExportNamedDeclaration" && at.parent?.type === "Program");
          if (!topLevel || def.node.id.type !== "Identifier") continue;
          const name = variable.name;
          if (declaration.kind !== "const") {
            report(def.node, name, `a module-level ${declaration.kind}`);
            continue;
          }
          const init = unwrap(def.node.init);
          if (init?.type === "NewExpression" && init.callee.type === "Identifier") {
            const made = init.callee.name;
            if (STATELESS.has(made)) continue;
            if (!CONTAINERS.has(made)) {
              report(def.node, name, `one ${made} for every user of the module`);
              continue;
            }
          } else if (init?.type !== "ObjectExpression" && init?.type !== "ArrayExpression") {
            continue;
          }
          // Top-level statements that fill a table as the module loads build a constant.
          const later = (ref) => ref.from.variableScope !== scope && mutates(ref.identifier);
          if (variable.references.some(later))
            report(def.node, name, "changed after the module is loaded");
        }
      },
      // A static field that can be reassigned is module state with a class around it.
      "PropertyDefinition[static=true][readonly!=true]"(node) {
        if (node.key.type === "Identifier") report(node, node.key.name, "a static field");
      },
    };
  },
};

export default { rules: { "no-module-state": noModuleState } };
