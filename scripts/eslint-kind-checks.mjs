// ESLint rule `linework/no-kind-check`: what a kind of node can do is said once, in its module
// under src/shapes/ (its `ShapeKind` record, or a predicate it exports), so adding a kind is its
// own folder and one registry line. Code elsewhere that compares or switches on a node's type
// name is where a new kind would silently be left out.
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { LAYERS, layerOf } from "./eslint-layers.mjs";

const REGISTRY = path.join(
  path.dirname(fileURLToPath(import.meta.url)),
  "../src/shapes/registry.ts",
);

/**
 * The node types: the keys of `SHAPE_KINDS`, read from the registry's source (this rule runs
 * outside TypeScript), so a new kind is checked as soon as its registry line is written.
 * tests/architecture/kindChecks.test.ts checks that they are the registry's.
 */
export const NODE_TYPES = registryTypes(fs.readFileSync(REGISTRY, "utf8"));

function registryTypes(source) {
  const body = /export const SHAPE_KINDS = \{([^}]*)\}/.exec(source);
  if (body === null) throw new Error(`${REGISTRY}: SHAPE_KINDS not found`);
  return [...body[1].matchAll(/^\s*(\w+):/gm)].map((match) => match[1]);
}

/**
 * The layers below shapes/ cannot import the kinds, so the rule cannot send them there: the
 * document model (the records' own types, the invariants the store checks, binding and group
 * commands on records) and kind-agnostic geometry, whose path segments' type "line" is not a
 * node's.
 */
const BELOW_SHAPES = new Set(LAYERS.slice(0, LAYERS.indexOf("shapes")));

/**
 * Files outside src/shapes/ that may still compare a `type` with some of those names, and why.
 * Each entry is a file under src/ and the names it may compare; the test fails when an entry is
 * no longer needed.
 */
export const ALLOWED_KIND_CHECKS = {
  // A path segment's type is "line" too (PathSegment): these read segments, not nodes.
  "src/io/export/svgGeometry.ts": ["line"],
  "src/io/import/packedGeometry.ts": ["line"],
  "src/io/import/svg/shapeGeometry.ts": ["line"],
  "src/io/import/svg/pathData.ts": ["line"],
  "src/io/import/svg/markers.ts": ["line"],
  // Another program's element types (Excalidraw's "ellipse", "frame", "image", "line",
  // "text"), not our kinds.
  "src/io/import/excalidraw.ts": ["ellipse", "frame", "image", "line", "text"],
  // The native format reads and migrates raw records before they are nodes; its per-kind
  // fields are one table (`NODE_KINDS`, io/native/nodeFields.ts) checked against the types.
  "src/io/import/nodeParts.ts": ["path"],
  "src/io/native/validate.ts": ["image", "frame", "group"],
  "src/io/native/format.ts": ["path"],
  "src/io/native/migrations.ts": ["path"],
  // Not yet asked of the kinds: which nodes the renderer descends into (holdsChildren). The
  // list shrinks as such files are converted; the test fails if it is not kept in step.
  "src/render/sceneRenderer.ts": ["group", "frame"],
};

const COMPARISONS = new Set(["===", "!==", "==", "!="]);

function unwrap(node) {
  return node?.type === "ChainExpression" ? node.expression : node;
}

/** `x.type`, `x?.type` or a variable named `type`: where a node's kind is read. */
function readsType(expression) {
  const node = unwrap(expression);
  if (node?.type === "Identifier") return node.name === "type";
  return (
    node?.type === "MemberExpression" &&
    !node.computed &&
    node.property.type === "Identifier" &&
    node.property.name === "type"
  );
}

function typeName(node) {
  return node?.type === "Literal" && NODE_TYPES.includes(node.value) ? node.value : null;
}

const noKindCheck = {
  meta: {
    type: "problem",
    docs: { description: "No comparing or switching on a node's type outside src/shapes/." },
    schema: [
      {
        type: "object",
        properties: { allow: { type: "object" } },
        additionalProperties: false,
      },
    ],
    messages: {
      check:
        'Compares a type with "{{name}}": ask the kind instead (a capability on its ShapeKind ' +
        "record through kindOf, or a predicate its module under src/shapes/ exports, such as " +
        "isLine), so a new kind is not left out here. See ARCHITECTURE.md, How to add a shape kind.",
    },
  },
  create(context) {
    const relative = path.relative(context.cwd, context.filename).split(path.sep).join("/");
    const layer = layerOf(context.filename, context.cwd);
    if (layer === null || layer === "shapes" || BELOW_SHAPES.has(layer)) return {};
    const allow = context.options[0]?.allow ?? ALLOWED_KIND_CHECKS;
    const allowed = new Set(allow[relative] ?? []);
    const report = (node, name) => {
      if (name !== null && !allowed.has(name))
        context.report({ node, messageId: "check", data: { name } });
    };
    return {
      BinaryExpression(node) {
        if (!COMPARISONS.has(node.operator)) return;
        if (readsType(node.left)) report(node, typeName(node.right));
        else if (readsType(node.right)) report(node, typeName(node.left));
      },
      SwitchStatement(node) {
        if (!readsType(node.discriminant)) return;
        for (const branch of node.cases) report(branch, typeName(branch.test));
      },
      // ["rect", "ellipse"].includes(node.type)
      "CallExpression[callee.property.name='includes']"(node) {
        const list = node.callee.object;
        if (list.type !== "ArrayExpression" || !readsType(node.arguments[0])) return;
        for (const element of list.elements) report(element, typeName(element));
      },
    };
  },
};

export default { rules: { "no-kind-check": noKindCheck } };
