import { makeNode, NO_FILL } from "../../doc/factory";
import type {
  Binding,
  LineRoute,
  EllipseNode,
  Fill,
  FreehandNode,
  GroupNode,
  Label,
  LineNode,
  PathNode,
  PolygonNode,
  RectNode,
  RGBA,
  SceneNode,
  Stroke,
  TextNode,
  Transform,
} from "../../doc/types";
import { bendTowards } from "../../shapes/lineRoute";
import { failureOf } from "./failure";
import { IMPORT_LIMITS, ImportError } from "./limits";
import type { ImportResult } from "./result";
import { describeCounts, numbersWithin, type Draft, flattenDrafts } from "./tree";
import { parseColor } from "./svg/color";
import type { Point } from "../../math/point";

/**
 * Excalidraw scenes (JSON, version 2) into nodes: rectangles, ellipses, diamonds, lines,
 * arrows, freedraw strokes and text, with their colours, widths, dash styles, opacity and
 * rotation; `groupIds` become groups; text bound to a shape or an arrow becomes its label. Other
 * element types are counted in one warning.
 */

type Raw = Record<string, unknown>;

/** Excalidraw's default stroke and text colour (#1e1e1e), for elements that give none. */
const EXCALIDRAW_INK: RGBA = { r: 0.118, g: 0.118, b: 0.118, a: 1 };

const isObject = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function importExcalidraw(text: string, name: string): ImportResult {
  try {
    return convert(parseJson(text), name);
  } catch (error) {
    return failureOf(error, ".excalidraw");
  }
}

/** JSON.parse after a depth check, so a deeply nested file fails with a clear message. */
export function parseJson(text: string): unknown {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c) i++;
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > IMPORT_LIMITS.maxNestingDepth) {
        throw new ImportError(
          `The JSON is nested more than ${IMPORT_LIMITS.maxNestingDepth} deep (the limit).`,
        );
      }
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    const detail = error instanceof Error ? error.message : "";
    throw new ImportError(`The Excalidraw file is not valid JSON (${detail}).`);
  }
}

function convert(data: unknown, name: string): ImportResult {
  if (!isObject(data) || data.type !== "excalidraw") {
    throw new ImportError('The file is not an Excalidraw scene: it has no "type": "excalidraw".');
  }
  if (typeof data.version === "number" && data.version > 2) {
    throw new ImportError(
      `The Excalidraw scene is version ${data.version}; version 2 is supported.`,
    );
  }
  const elements = data.elements;
  if (!Array.isArray(elements))
    throw new ImportError('The Excalidraw scene has no "elements" list.');
  if (elements.length > IMPORT_LIMITS.maxExcalidrawElements) {
    throw new ImportError(
      `The Excalidraw scene has more than ${IMPORT_LIMITS.maxExcalidrawElements.toLocaleString("en")} elements (the limit).`,
    );
  }
  const skipped = new Map<string, number>();
  const count = (what: string): void => {
    skipped.set(what, (skipped.get(what) ?? 0) + 1);
  };
  const top: Draft[] = [];
  /** Groups by id, outermost group last in each element's `groupIds`. */
  const groups = new Map<string, Draft>();
  const boundTexts = boundTextsOf(elements);
  /** Texts that became their container's label. */
  const labelled = new Set<Raw>();
  /** Texts whose container comes later: they wait to see whether it takes them. */
  const waiting: Raw[] = [];
  const add = (element: Raw): void => {
    let node: SceneNode | null;
    try {
      node = elementNode(element, count);
    } catch (error) {
      if (!(error instanceof ImportError)) throw error;
      count("unreadable element");
      return;
    }
    if (node === null) return;
    const text = typeof element.id === "string" ? boundTexts.get(element.id) : undefined;
    if (text !== undefined && "label" in node) {
      const label = labelFromText(text);
      if (label !== null) {
        node = { ...node, label };
        labelled.add(text);
      }
    }
    // The element's own id, until flattenDrafts gives every node a new one: arrows' bindings
    // name it and are carried over to the new ids there.
    if (typeof element.id === "string" && element.id.length > 0 && element.id.length <= 64)
      node = { ...node, id: element.id };
    if (!numbersWithin(node, IMPORT_LIMITS.maxMagnitude)) {
      count("element with out-of-range numbers");
      return;
    }
    const groupIds = Array.isArray(element.groupIds)
      ? element.groupIds
          .filter((g): g is string => typeof g === "string")
          .slice(0, IMPORT_LIMITS.maxGroupDepth)
      : [];
    place({ node, children: null }, groupIds, groups, top);
  };
  for (const element of elements) {
    if (!isObject(element) || element.isDeleted === true) continue;
    if (boundTextOwner(element, boundTexts) !== null) waiting.push(element);
    else add(element);
  }
  // A text whose container could not hold it (a bent arrow, say) stays a text of its own.
  for (const text of waiting) if (!labelled.has(text)) add(text);
  const drafts: Draft[] =
    top.length === 0
      ? []
      : [
          {
            node: makeNode<GroupNode>("group", "", "", "", { name: name || "Excalidraw" }),
            children: top,
          },
        ];
  const summary = describeCounts(skipped);
  return {
    ok: true,
    nodes: flattenDrafts(drafts),
    blobs: [],
    warnings: summary.length > 0 ? [`Not imported: ${summary}.`] : [],
  };
}

/**
 * Texts bound to a container (a shape's or an arrow's label), by the container's id. Excalidraw
 * writes the container's `boundElements` and the text's `containerId`; the text's side is read,
 * and the first text wins.
 */
function boundTextsOf(elements: readonly unknown[]): Map<string, Raw> {
  const texts = new Map<string, Raw>();
  for (const element of elements) {
    if (!isObject(element) || element.isDeleted === true || element.type !== "text") continue;
    const owner = element.containerId;
    if (typeof owner === "string" && owner.length > 0 && !texts.has(owner))
      texts.set(owner, element);
  }
  return texts;
}

/** The container a text is the label of, if it is one. */
function boundTextOwner(element: Raw, texts: ReadonlyMap<string, Raw>): string | null {
  const owner = element.containerId;
  return typeof owner === "string" && texts.get(owner) === element ? owner : null;
}

/** An Excalidraw text as a label: its words, font and colour; null when it has no words. */
function labelFromText(raw: Raw): Label | null {
  const content = typeof raw.text === "string" ? raw.text.slice(0, 1_000_000) : "";
  if (content.trim() === "") return null;
  const ink = color(raw.strokeColor, EXCALIDRAW_INK);
  return {
    content,
    fontFamily: fontFamily(raw.fontFamily),
    fontSize: Math.max(1, num(raw, "fontSize", 20)),
    fontWeight: 400,
    fontStyle: "normal",
    color: ink ?? EXCALIDRAW_INK,
    position: 0.5,
  };
}

/** Puts a draft into its innermost group, creating the chain of groups on first use. */
function place(
  draft: Draft,
  groupIds: readonly string[],
  groups: Map<string, Draft>,
  top: Draft[],
): void {
  let child = draft;
  for (let i = 0; i < groupIds.length; i++) {
    // Group chains are keyed by the outer ids too, so the same inner id in two outer groups stays apart.
    const key = groupIds.slice(i).join("/");
    const existing = groups.get(key);
    if (existing !== undefined) {
      existing.children!.push(child);
      return;
    }
    const group: Draft = {
      node: makeNode<GroupNode>("group", "", "", "", { name: "Group" }),
      children: [child],
    };
    groups.set(key, group);
    child = group;
  }
  top.push(child);
}

function num(raw: Raw, key: string, fallback: number): number {
  const value = raw[key];
  return typeof value === "number" && Number.isFinite(value) ? value : fallback;
}

function color(value: unknown, fallback: RGBA | null): RGBA | null {
  if (typeof value !== "string") return fallback;
  const parsed = parseColor(value);
  if (parsed === "transparent") return null;
  if (parsed === null || parsed === "currentColor") return fallback;
  return parsed;
}

function pointsOf(raw: Raw): Point[] {
  const points = raw.points;
  if (!Array.isArray(points)) throw new ImportError("points are missing");
  const out: Point[] = [];
  for (const p of points.slice(0, 1_000_000)) {
    if (!Array.isArray(p) || typeof p[0] !== "number" || typeof p[1] !== "number") {
      throw new ImportError("a point is not a pair of numbers");
    }
    out.push({ x: p[0], y: p[1] });
  }
  return out;
}

function elementNode(raw: Raw, count: (what: string) => void): SceneNode | null {
  const x = num(raw, "x", 0);
  const y = num(raw, "y", 0);
  const width = Math.abs(num(raw, "width", 0));
  const height = Math.abs(num(raw, "height", 0));
  const angle = num(raw, "angle", 0);
  const opacity = Math.min(1, Math.max(0, num(raw, "opacity", 100) / 100));
  const strokeColor = color(raw.strokeColor, EXCALIDRAW_INK);
  const background = color(raw.backgroundColor, null);
  const strokeWidth = Math.max(0, num(raw, "strokeWidth", 1));
  const dash =
    raw.strokeStyle === "dashed"
      ? [8, 8 + strokeWidth]
      : raw.strokeStyle === "dotted"
        ? [1.5, 6 + strokeWidth]
        : [];
  const stroke: Stroke = {
    paint: strokeColor === null ? null : { type: "solid", color: strokeColor },
    width: strokeWidth,
    dash,
    dashOffset: 0,
    cap: "round",
    join: "round",
    miterLimit: 4,
  };
  const fill: Fill = background === null ? NO_FILL : { type: "solid", color: background };
  // Excalidraw rotates about the element's centre; a node rotates about its origin (top left).
  const base = { opacity, transform: rotatedAbout(x, y, x + width / 2, y + height / 2, angle) };
  switch (raw.type) {
    case "rectangle": {
      const rounded = isObject(raw.roundness);
      const r = rounded ? Math.min(width, height) * 0.25 : 0;
      return makeNode<RectNode>("rect", "", "", "", {
        ...base,
        fill,
        stroke,
        width,
        height,
        radii: [r, r, r, r],
      });
    }
    case "ellipse":
      return makeNode<EllipseNode>("ellipse", "", "", "", { ...base, fill, stroke, width, height });
    case "diamond":
      // A four-cornered polygon is the diamond through its box's edge middles.
      return makeNode<PolygonNode>("polygon", "", "", "", {
        ...base,
        name: "Diamond",
        fill,
        stroke,
        width,
        height,
        sides: 4,
      });
    case "line":
    case "arrow":
      return linear(raw, x, y, angle, opacity, fill, stroke, count);
    case "freedraw": {
      const points = pointsOf(raw);
      const pressures = Array.isArray(raw.pressures) ? raw.pressures : [];
      const simulate = raw.simulatePressure === true || pressures.length === 0;
      const flat: number[] = [];
      points.forEach((p, i) => {
        const pressure = pressures[i];
        flat.push(
          p.x,
          p.y,
          typeof pressure === "number" && Number.isFinite(pressure)
            ? Math.min(1, Math.max(0, pressure))
            : 0.5,
        );
      });
      if (flat.length === 0) return null;
      return makeNode<FreehandNode>("freehand", "", "", "", {
        opacity,
        transform: rotatedAbout(x, y, ...centreOf(x, y, points), angle),
        fill: strokeColor === null ? NO_FILL : { type: "solid", color: strokeColor },
        stroke: { ...stroke, paint: null },
        points: flat,
        settings: {
          size: Math.max(1, strokeWidth * 4),
          thinning: 0.6,
          smoothing: 0.5,
          streamline: 0.5,
          simulatePressure: simulate,
          fixedWidth: false,
        },
      });
    }
    case "text": {
      const content = typeof raw.text === "string" ? raw.text.slice(0, 1_000_000) : "";
      if (content.length === 0) return null;
      const align =
        raw.textAlign === "center" || raw.textAlign === "right" ? raw.textAlign : "left";
      return makeNode<TextNode>("text", "", "", "", {
        ...base,
        fill: strokeColor === null ? NO_FILL : { type: "solid", color: strokeColor },
        stroke: { ...stroke, paint: null, dash: [] },
        content,
        fontFamily: fontFamily(raw.fontFamily),
        fontSize: Math.max(1, num(raw, "fontSize", 20)),
        fontWeight: 400,
        fontStyle: "normal",
        align,
        lineHeight: Math.max(0.5, num(raw, "lineHeight", 1.25)),
        width: width > 0 ? width : null,
      });
    }
    default:
      count(
        typeof raw.type === "string" ? `${raw.type.slice(0, 40)} element` : "element of no type",
      );
      return null;
  }
}

/**
 * Excalidraw turns an element about the centre of its box; a node turns about its origin, so
 * the origin moves to where the turn about the centre takes it.
 */
function rotatedAbout(x: number, y: number, cx: number, cy: number, angle: number): Transform {
  const cos = Math.cos(angle);
  const sin = Math.sin(angle);
  return {
    x: cx + cos * (x - cx) - sin * (y - cy),
    y: cy + sin * (x - cx) + cos * (y - cy),
    rotation: angle,
    scaleX: 1,
    scaleY: 1,
    skewX: 0,
  };
}

/** The centre of the box around points given relative to (x, y). */
function centreOf(x: number, y: number, points: readonly Point[]): [number, number] {
  let minX = Infinity;
  let minY = Infinity;
  let maxX = -Infinity;
  let maxY = -Infinity;
  for (const p of points) {
    minX = Math.min(minX, p.x);
    minY = Math.min(minY, p.y);
    maxX = Math.max(maxX, p.x);
    maxY = Math.max(maxY, p.y);
  }
  return points.length === 0 ? [x, y] : [x + (minX + maxX) / 2, y + (minY + maxY) / 2];
}

function fontFamily(value: unknown): string {
  switch (value) {
    case 1:
      return "Virgil, cursive";
    case 3:
      return "Cascadia, monospace";
    default:
      return "Helvetica, sans-serif";
  }
}

const HEADS: Readonly<Record<string, LineNode["endHead"]>> = {
  arrow: "arrow",
  triangle: "triangle",
  bar: "bar",
  dot: "circle",
  circle: "circle",
  diamond: "diamond",
};

function linear(
  raw: Raw,
  x: number,
  y: number,
  angle: number,
  opacity: number,
  fill: Fill,
  stroke: Stroke,
  count: (what: string) => void,
): SceneNode | null {
  const points = pointsOf(raw);
  if (points.length < 2) return null;
  const head = (value: unknown, fallback: LineNode["endHead"]): LineNode["endHead"] =>
    typeof value === "string" ? (HEADS[value] ?? "arrow") : fallback;
  const isArrow = raw.type === "arrow";
  const startHead = head(raw.startArrowhead, "none");
  const endHead = head(
    raw.endArrowhead,
    isArrow ? (raw.endArrowhead === null ? "none" : "arrow") : "none",
  );
  const transform = rotatedAbout(x, y, ...centreOf(x, y, points), angle);
  // Arrows bound to shapes stay bound: to the shape's centre, meeting its outline.
  const bound = (value: unknown): Binding | null =>
    isObject(value) && typeof value.elementId === "string" && value.elementId.length > 0
      ? { node: value.elementId, anchor: { x: 0.5, y: 0.5 }, exact: false }
      : null;
  const first = points[0]!;
  const last = points.at(-1)!;
  const open = !(points.length > 2 && first.x === last.x && first.y === last.y);
  // Excalidraw's elbow arrows, and its curved ones (three points, rounded), are connectors too.
  const route: LineRoute | null =
    points.length === 2
      ? "straight"
      : raw.elbowed === true
        ? "elbow"
        : points.length === 3 && isObject(raw.roundness) && open
          ? "curved"
          : null;
  if (route !== null && fill.type === "none") {
    const line = makeNode<LineNode>("line", "", "", "", {
      opacity,
      transform,
      fill: NO_FILL,
      stroke,
      start: first,
      end: last,
      startHead,
      endHead,
      startBinding: bound(raw.startBinding),
      endBinding: bound(raw.endBinding),
      route,
    });
    // Excalidraw's curve passes through its middle point: the bend that puts the middle there.
    return route === "curved" ? { ...line, bend: bendTowards(line, points[1]!) } : line;
  }
  const closed =
    points.length > 2 && points[0]!.x === points.at(-1)!.x && points[0]!.y === points.at(-1)!.y;
  // A path node has no arrowheads: a bent arrow keeps its shape and loses its heads.
  if (startHead !== "none") count("arrowhead on a bent arrow");
  if (endHead !== "none") count("arrowhead on a bent arrow");
  return makeNode<PathNode>("path", "", "", "", {
    opacity,
    transform,
    name: isArrow ? "Arrow" : "Line",
    fill: closed ? fill : NO_FILL,
    stroke,
    fillRule: "nonzero",
    subpaths: [
      {
        start: points[0]!,
        segments: points.slice(1).map((to) => ({ type: "line" as const, to })),
        closed,
      },
    ],
  });
}
