import { NO_FILL, NO_STROKE } from "../../doc/factory";
import { makeNode } from "../../shapes/makeNode";
import { fromMatrix, invert, multiply, toMatrix } from "../../doc/transform";
import { PATTERN_TILE } from "../../doc/types";
import type {
  BlobRecord,
  Binding,
  LineRoute,
  EllipseNode,
  Fill,
  FrameNode,
  FreehandNode,
  GroupNode,
  ImageNode,
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
import { isImage } from "../../shapes/image";
import { bendTowards } from "../../shapes/lineRoute";
import {
  bodyHeads,
  bodySegments,
  isExcalidrawHead,
  nativeHead,
  type ExcalidrawHead,
} from "./excalidrawArrows";
import { excalidrawInk } from "./excalidrawInk";
import { cssFont, ESTIMATED_MEASURE, layoutText, type TextMeasure } from "../export/textLayout";
import { failureOf } from "./failure";
import { IMPORT_LIMITS, ImportError } from "./limits";
import { fromBase64, readRasterInfo, toBase64, type RasterInfo } from "./raster";
import type { ImportResult } from "./result";
import { describeCounts, numbersWithin, type Draft, flattenDrafts } from "./tree";
import { parseColor } from "./svg/color";
import { convertSvg } from "./svg/convert";
import { DEFAULT_XML_LIMITS, parseXml } from "./xml";
import type { Point } from "../../math/point";

/**
 * Excalidraw scenes (JSON, version 2; Excalidraw 0.17 and 0.18) into nodes: rectangles,
 * ellipses, diamonds, lines, arrows (bent ones with their heads), freedraw strokes drawn as
 * Excalidraw draws them, text, images with their pictures from the scene's `files`, and frames
 * holding and clipping their children; colours, widths, dash styles, opacity and rotation are
 * kept; `groupIds` become groups; text bound to a shape or an arrow becomes its label. Anything
 * else, and anything drawn differently, is counted in the warnings.
 */

type Raw = Record<string, unknown>;

/** Excalidraw's default stroke and text colour (#1e1e1e), for elements that give none. */
const EXCALIDRAW_INK: RGBA = { r: 0.118, g: 0.118, b: 0.118, a: 1 };

const isObject = (value: unknown): value is Raw =>
  typeof value === "object" && value !== null && !Array.isArray(value);

export function importExcalidraw(
  text: string,
  name: string,
  measure: TextMeasure = ESTIMATED_MEASURE,
): ImportResult {
  try {
    return convert(parseJson(text), name, measure);
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

/** What one element becomes, and what the scene around it gives it. */
interface Scene {
  /** Counts elements and features left out, by name. */
  readonly skip: (what: string) => void;
  /** Counts features drawn differently from Excalidraw, by name. */
  readonly change: (what: string) => void;
  /** The picture of an image element's `fileId`, read once per file; null when unusable. */
  readonly picture: (fileId: unknown) => Picture | null;
  /** The canvas colour, which Excalidraw fills outlined arrowheads with. */
  readonly background: RGBA;
  /** How text is measured, to keep a centred or right-aligned text's anchor where it was. */
  readonly measure: TextMeasure;
}

/** A raster picture as a blob, or an SVG picture as its drawing, fitted to a box when shown. */
type Picture =
  | { readonly kind: "raster"; readonly blob: BlobRecord; readonly info: RasterInfo }
  | { readonly kind: "svg"; readonly draw: (width: number, height: number) => Draft[] | null };

const WHITE: RGBA = { r: 1, g: 1, b: 1, a: 1 };
/** Excalidraw's frame outline colour (#bbb). */
const FRAME_OUTLINE: RGBA = { r: 0xbb / 255, g: 0xbb / 255, b: 0xbb / 255, a: 1 };

/** What Excalidraw puts on the clipboard as text: a scene's elements and files, typed so. */
const CLIPBOARD_TYPE = "excalidraw/clipboard";

/**
 * Whether pasted text is Excalidraw's clipboard (its `type` comes first, as Excalidraw writes
 * it), to be imported as a scene rather than pasted as words.
 */
export function isExcalidrawClipboard(text: string): boolean {
  return /^\s*\{\s*"type"\s*:\s*"excalidraw\/clipboard"/.test(text.slice(0, 200));
}

function convert(data: unknown, name: string, measure: TextMeasure): ImportResult {
  if (!isObject(data) || (data.type !== "excalidraw" && data.type !== CLIPBOARD_TYPE)) {
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
  const changed = new Map<string, number>();
  const tally =
    (counts: Map<string, number>) =>
    (what: string): void => {
      counts.set(what, (counts.get(what) ?? 0) + 1);
    };
  const blobs: BlobRecord[] = [];
  /** Warnings of the SVG pictures' own conversions, each once. */
  const notes = new Set<string>();
  const scene: Scene = {
    skip: tally(skipped),
    change: tally(changed),
    picture: pictures(isObject(data.files) ? data.files : {}, blobs, notes),
    background:
      (isObject(data.appState) ? color(data.appState.viewBackgroundColor, WHITE) : null) ?? WHITE,
    measure,
  };
  const top: Draft[] = [];
  /** Groups by container and id chain, outermost group last in each element's `groupIds`. */
  const groups = new Map<string, Draft>();
  const boundTexts = boundTextsOf(elements);
  const frames = framesOf(elements);
  /** Texts that became their container's label. */
  const labelled = new Set<Raw>();
  /** Texts whose container comes later: they wait to see whether it takes them. */
  const waiting: Raw[] = [];
  const add = (element: Raw): void => {
    let draft: Draft | null;
    try {
      draft =
        element.type === "frame" || element.type === "magicframe"
          ? (frames.get(element.id as string)?.draft ?? null)
          : elementDraft(element, scene);
    } catch (error) {
      if (!(error instanceof ImportError) || /\(the limit\)/.test(error.message)) throw error;
      scene.skip("unreadable element");
      return;
    }
    if (draft === null) return;
    let node = draft.node;
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
    if (element.locked === true) node = { ...node, locked: true };
    noteStyle(element, scene);
    // A frame's child is placed in the frame's units.
    const frame = typeof element.frameId === "string" ? frames.get(element.frameId) : undefined;
    const inFrame = frame !== undefined && frame.element !== element ? frame : undefined;
    if (inFrame !== undefined) {
      const transform = fromMatrix(multiply(inFrame.inverse, toMatrix(node.transform)));
      node = { ...node, transform };
    }
    if (
      !numbersWithin(node, IMPORT_LIMITS.maxMagnitude) ||
      !numbersWithin(draft.children, IMPORT_LIMITS.maxMagnitude)
    ) {
      scene.skip("element with out-of-range numbers");
      return;
    }
    const groupIds = Array.isArray(element.groupIds)
      ? element.groupIds
          .filter((g): g is string => typeof g === "string")
          .slice(0, IMPORT_LIMITS.maxGroupDepth)
      : [];
    const placed: Draft = { node, children: draft.children };
    if (inFrame === undefined) place(placed, groupIds, groups, "", top);
    else place(placed, groupIds, groups, `${inFrame.id}/`, inFrame.draft.children!);
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
  const warnings: string[] = [];
  const notImported = describeCounts(skipped);
  if (notImported.length > 0) warnings.push(`Not imported: ${notImported}.`);
  const different = describeCounts(changed);
  if (different.length > 0) warnings.push(`Drawn differently: ${different}.`);
  for (const note of notes) warnings.push(`In an SVG image: ${note}`);
  const nodes = flattenDrafts(drafts);
  // Only the pictures a kept image shows travel with the nodes.
  const shown = new Set(nodes.flatMap((node) => (isImage(node) ? [node.blob] : [])));
  return { ok: true, nodes, blobs: blobs.filter((blob) => shown.has(blob.id)), warnings };
}

interface Frame {
  readonly id: string;
  readonly element: Raw;
  readonly draft: Draft;
  /** From the page into the frame's units. */
  readonly inverse: ReturnType<typeof toMatrix>;
}

/**
 * Excalidraw frames (and AI frames) by id: Linework frames that clip what they hold, as
 * Excalidraw clips a frame's elements (those naming it in `frameId`), outlined in its grey.
 */
function framesOf(elements: readonly unknown[]): Map<string, Frame> {
  const frames = new Map<string, Frame>();
  for (const element of elements) {
    if (!isObject(element) || element.isDeleted === true) continue;
    if (element.type !== "frame" && element.type !== "magicframe") continue;
    const id = element.id;
    if (typeof id !== "string" || id.length === 0 || frames.has(id)) continue;
    const x = num(element, "x", 0);
    const y = num(element, "y", 0);
    const width = Math.abs(num(element, "width", 0));
    const height = Math.abs(num(element, "height", 0));
    const transform = rotatedAbout(x, y, x + width / 2, y + height / 2, num(element, "angle", 0));
    const inverse = invert(toMatrix(transform));
    if (inverse === null) continue;
    const node = makeNode<FrameNode>("frame", "", "", "", {
      name:
        typeof element.name === "string" && element.name.length > 0
          ? element.name.slice(0, 1000)
          : element.type === "magicframe"
            ? "AI Frame"
            : "Frame",
      opacity: Math.min(1, Math.max(0, num(element, "opacity", 100) / 100)),
      transform,
      width,
      height,
      clip: true,
      fill: NO_FILL,
      stroke: { ...NO_STROKE, paint: { type: "solid", color: FRAME_OUTLINE }, width: 2 },
    });
    frames.set(id, { id, element, draft: { node, children: [] }, inverse });
  }
  return frames;
}

/**
 * Reads image files on first use: the `files` map's `dataURL`, a raster picture in base64
 * (checked as an imported image is) as a blob, or an SVG picture (base64 or URL-encoded) as its
 * drawing; null, counted once per file, when it is missing, not a picture Linework reads, or
 * damaged.
 */
function pictures(
  files: Raw,
  blobs: BlobRecord[],
  notes: Set<string>,
): (fileId: unknown) => Picture | null {
  const known = new Map<string, Picture | null>();
  /** Nodes drawn from SVG pictures so far, held to the import's shape limit. */
  let drawn = 0;
  return (fileId) => {
    if (typeof fileId !== "string" || !Object.hasOwn(files, fileId)) return null;
    const cached = known.get(fileId);
    if (cached !== undefined) return cached;
    let picture: Picture | null = null;
    const file = files[fileId];
    const url = isObject(file) && typeof file.dataURL === "string" ? file.dataURL : "";
    const header = /^data:([\w.+-]+\/[\w.+-]+)?((?:;[^,;]*)*),/i.exec(url.slice(0, 200));
    const base64 = header !== null && /;\s*base64/i.test(header[2] ?? "");
    if (header?.[1]?.toLowerCase() === "image/svg+xml") {
      picture = {
        kind: "svg",
        draw: (width, height) => {
          const drafts = svgPicture(url, width, height, blobs, notes);
          drawn += countDrafts(drafts ?? []);
          if (drawn > IMPORT_LIMITS.maxElements) {
            throw new ImportError(
              `The Excalidraw scene's SVG images hold more than ${IMPORT_LIMITS.maxElements.toLocaleString("en")} shapes (the limit).`,
            );
          }
          return drafts;
        },
      };
    } else {
      const bytes = header === null || !base64 ? null : fromBase64(url.slice(header[0].length));
      if (bytes !== null) {
        try {
          const info = readRasterInfo(bytes);
          const blob: BlobRecord = {
            id: `excalidraw-file-${blobs.length + 1}`,
            type: "blob",
            mime: info.mime,
            data: toBase64(bytes),
          };
          blobs.push(blob);
          picture = { kind: "raster", blob, info };
        } catch {
          picture = null;
        }
      }
    }
    known.set(fileId, picture);
    return picture;
  };
}

function countDrafts(drafts: readonly Draft[]): number {
  let n = 0;
  for (const draft of drafts) n += 1 + countDrafts(draft.children ?? []);
  return n;
}

/**
 * An SVG picture's drawing stretched over a width × height box, as Excalidraw draws it: the SVG
 * import's own conversion of an `<image>` of it (limits, script and references as for any SVG
 * picture); its pictures' blobs join the scene's under ids of their own. Null when it cannot be
 * read.
 */
function svgPicture(
  url: string,
  width: number,
  height: number,
  blobs: BlobRecord[],
  notes: Set<string>,
): Draft[] | null {
  const href = url.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");
  const text =
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">` +
    `<image width="${width}" height="${height}" preserveAspectRatio="none" href="${href}"/></svg>`;
  let conversion;
  try {
    conversion = convertSvg(parseXml(text, DEFAULT_XML_LIMITS).root, "SVG image", 0);
  } catch (error) {
    // A limit met inside a picture fails the import, as in an SVG file; anything else is an
    // unreadable picture.
    if (error instanceof ImportError && /limit/.test(error.message)) throw error;
    if (error instanceof ImportError) return null;
    throw error;
  }
  // The conversion's one group around the drawing is the image's own group here.
  const only = conversion.drafts.length === 1 ? conversion.drafts[0]! : null;
  const drafts =
    only !== null && only.children !== null && only.node.name === "SVG image"
      ? only.children
      : conversion.drafts;
  if (drafts.length === 0) return null;
  for (const warning of conversion.warnings) notes.add(warning);
  const renamed = new Map<string, string>();
  for (const blob of conversion.blobs) {
    const id = `excalidraw-file-${blobs.length + 1}`;
    renamed.set(blob.id, id);
    blobs.push({ ...blob, id });
  }
  const rename = (drafts: readonly Draft[]): Draft[] =>
    drafts.map((draft) => ({
      node: isImage(draft.node)
        ? { ...draft.node, blob: renamed.get(draft.node.blob) ?? draft.node.blob }
        : draft.node,
      children: draft.children === null ? null : rename(draft.children),
    }));
  return rename(drafts);
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
  container: string,
  top: Draft[],
): void {
  let child = draft;
  for (let i = 0; i < groupIds.length; i++) {
    // Group chains are keyed by the outer ids too, so the same inner id in two outer groups
    // stays apart, and by their container (the page or a frame).
    const key = container + groupIds.slice(i).join("/");
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

const leaf = (node: SceneNode): Draft => ({ node, children: null });

function elementDraft(raw: Raw, scene: Scene): Draft | null {
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
  const fill = excalidrawFill(raw.fillStyle, background, strokeWidth);
  // Excalidraw rotates about the element's centre; a node rotates about its origin (top left).
  const base = { opacity, transform: rotatedAbout(x, y, x + width / 2, y + height / 2, angle) };
  switch (raw.type) {
    case "rectangle": {
      const r = cornerRadius(raw, Math.min(width, height));
      return leaf(
        makeNode<RectNode>("rect", "", "", "", {
          ...base,
          fill,
          stroke,
          width,
          height,
          radii: [r, r, r, r],
        }),
      );
    }
    case "ellipse":
      return leaf(
        makeNode<EllipseNode>("ellipse", "", "", "", { ...base, fill, stroke, width, height }),
      );
    case "diamond":
      // A four-cornered polygon is the diamond through its box's edge middles.
      return leaf(
        makeNode<PolygonNode>("polygon", "", "", "", {
          ...base,
          name: "Diamond",
          fill,
          stroke,
          width,
          height,
          sides: 4,
        }),
      );
    case "line":
    case "arrow":
      return linear(raw, x, y, angle, opacity, fill, stroke, scene);
    case "freedraw":
      return freedraw(raw, x, y, angle, opacity, background, stroke);
    case "image":
      return image(raw, base.transform, width, height, opacity, scene);
    case "text": {
      const content = typeof raw.text === "string" ? raw.text.slice(0, 1_000_000) : "";
      if (content.length === 0) return null;
      const align =
        raw.textAlign === "center" || raw.textAlign === "right" ? raw.textAlign : "left";
      // Excalidraw's `text` holds its lines as drawn (a wrapped text's breaks included) and is
      // never wrapped again, so the text grows with its lines rather than wrapping at the width
      // Excalidraw measured in its own font: set in another face, it would break anew.
      const fontSize = Math.max(1, num(raw, "fontSize", 20));
      const lines = content.split(/\r\n|\r|\n/);
      const shape = {
        content,
        fontFamily: fontFamily(raw.fontFamily),
        fontSize,
        fontWeight: 400,
        fontStyle: "normal",
        align,
        lineHeight: textLineHeight(raw, fontSize, lines.length),
        width: null,
      } as const;
      // Lines align within the widest: a centred or right-aligned text keeps its middle or right
      // edge where Excalidraw put it, however wide its lines are in the face that draws them.
      const font = cssFont(shape as TextNode);
      const widest = Math.max(0, ...lines.map((line) => scene.measure.width(line, font)));
      const shift =
        align === "center" ? (width - widest) / 2 : align === "right" ? width - widest : 0;
      // The first baseline where Excalidraw puts it, by its font's metrics, whatever face draws.
      const baseline = layoutText(shape as TextNode, scene.measure).lines[0]?.y ?? 0;
      const drop =
        excalidrawBaseline(raw.fontFamily, fontSize, fontSize * shape.lineHeight) - baseline;
      return leaf(
        makeNode<TextNode>("text", "", "", "", {
          ...base,
          transform: rotatedAbout(x + shift, y + drop, x + width / 2, y + height / 2, angle),
          fill: strokeColor === null ? NO_FILL : { type: "solid", color: strokeColor },
          stroke: { ...stroke, paint: null, dash: [] },
          ...shape,
        }),
      );
    }
    default:
      scene.skip(
        typeof raw.type === "string" ? `${raw.type.slice(0, 40)} element` : "element of no type",
      );
      return null;
  }
}

/**
 * A freedraw stroke: ink whose outline is Excalidraw's (see `excalidrawInk`), in the stroke
 * colour; a stroke that closes on itself with a background colour also fills the area it
 * encloses beneath the ink, as Excalidraw does.
 */
function freedraw(
  raw: Raw,
  x: number,
  y: number,
  angle: number,
  opacity: number,
  background: RGBA | null,
  stroke: Stroke,
): Draft | null {
  const points = pointsOf(raw);
  const pressures =
    raw.simulatePressure === true || !Array.isArray(raw.pressures) || raw.pressures.length === 0
      ? null
      : raw.pressures.map((p) => (typeof p === "number" ? p : Number.NaN));
  // Drawn as Excalidraw draws an opened file's strokes: incomplete (see `excalidrawInk`).
  const ink = excalidrawInk(points, pressures, stroke.width, false);
  if (ink === null) return null;
  const transform = rotatedAbout(x, y, ...centreOf(x, y, points), angle);
  const node = makeNode<FreehandNode>("freehand", "", "", "", {
    opacity,
    transform,
    fill: NO_FILL,
    stroke: { ...stroke, dash: [] },
    points: ink.points,
    settings: ink.settings,
  });
  const first = points[0]!;
  const last = points.at(-1)!;
  // Excalidraw's test of a loop: the ends within 8 units.
  const loop = points.length > 2 && Math.hypot(last.x - first.x, last.y - first.y) <= 8;
  if (background === null || !loop) return leaf(node);
  const area = makeNode<PathNode>("path", "", "", "", {
    name: "Fill",
    transform,
    fill: { type: "solid", color: background },
    stroke: NO_STROKE,
    fillRule: "nonzero",
    subpaths: [{ start: first, segments: bodySegments(points, true), closed: true }],
  });
  return {
    node: makeNode<GroupNode>("group", "", "", "", { name: "Drawing", opacity }),
    children: [leaf(area), leaf({ ...node, opacity: 1 })],
  };
}

/**
 * An image: its picture from the scene's files, stretched over the element's box, mirrored by
 * a negative `scale`, and for a crop (0.18) the cropped part of the picture in a clipping frame
 * of the box. An image whose picture is missing or unreadable is counted.
 */
function image(
  raw: Raw,
  transform: Transform,
  width: number,
  height: number,
  opacity: number,
  scene: Scene,
): Draft | null {
  const picture = scene.picture(raw.fileId);
  if (picture === null) {
    scene.skip("image with no readable picture");
    return null;
  }
  if (!(width > 0 && height > 0)) return null;
  if (picture.kind === "svg") {
    const drawing = picture.draw(width, height);
    if (drawing === null) {
      scene.skip("image with no readable picture");
      return null;
    }
    if (isObject(raw.crop) || (Array.isArray(raw.scale) && raw.scale.includes(-1)))
      scene.change("cropped or mirrored SVG image (drawn whole)");
    return {
      node: makeNode<GroupNode>("group", "", "", "", { name: "Image", opacity, transform }),
      children: drawing,
    };
  }
  const { info, blob } = picture;
  const scale = Array.isArray(raw.scale) ? raw.scale : [1, 1];
  const flipX = scale[0] === -1;
  const flipY = scale[1] === -1;
  const crop = isObject(raw.crop) ? raw.crop : null;
  // The part of the picture shown, in its pixels (Excalidraw's crop is in the natural size
  // it names, which may differ from the file's).
  const naturalW = crop !== null ? num(crop, "naturalWidth", info.width) : info.width;
  const naturalH = crop !== null ? num(crop, "naturalHeight", info.height) : info.height;
  const part =
    crop === null
      ? { x: 0, y: 0, width: naturalW, height: naturalH }
      : {
          x: num(crop, "x", 0),
          y: num(crop, "y", 0),
          width: num(crop, "width", naturalW),
          height: num(crop, "height", naturalH),
        };
  if (!(part.width > 0 && part.height > 0 && naturalW > 0 && naturalH > 0)) return null;
  const sx = width / part.width;
  const sy = height / part.height;
  const shownW = naturalW * sx;
  const shownH = naturalH * sy;
  // Mirrored within the box: the picture's far edge comes to the box's near one.
  const mirror = toMatrix({
    x: flipX ? width : 0,
    y: flipY ? height : 0,
    rotation: 0,
    scaleX: flipX ? -1 : 1,
    scaleY: flipY ? -1 : 1,
    skewX: 0,
  });
  const picturePlace = (at: Transform): Transform =>
    fromMatrix(
      multiply(
        toMatrix(at),
        multiply(mirror, toMatrix({ ...IDENTITY, x: -part.x * sx, y: -part.y * sy })),
      ),
    );
  const cropped =
    part.x !== 0 || part.y !== 0 || part.width !== naturalW || part.height !== naturalH;
  const node = makeNode<ImageNode>("image", "", "", "", {
    opacity: cropped ? 1 : opacity,
    transform: cropped ? picturePlace(IDENTITY) : picturePlace(transform),
    blob: blob.id,
    naturalWidth: info.width,
    naturalHeight: info.height,
    width: shownW,
    height: shownH,
  });
  if (!cropped) return leaf(node);
  return {
    node: makeNode<FrameNode>("frame", "", "", "", {
      name: "Image crop",
      opacity,
      transform,
      width,
      height,
      clip: true,
      fill: NO_FILL,
      stroke: NO_STROKE,
    }),
    children: [leaf(node)],
  };
}

const IDENTITY: Transform = { x: 0, y: 0, rotation: 0, scaleX: 1, scaleY: 1, skewX: 0 };

/**
 * Whether Excalidraw rounds an element: its `roundness`, or in files older than 0.14 (which
 * Excalidraw still reads) `"strokeSharpness": "round"`.
 */
function isRounded(raw: Raw): boolean {
  return isObject(raw.roundness) || raw.strokeSharpness === "round";
}

/**
 * A rounded rectangle's corner radius as Excalidraw works it out from the shorter side: a
 * quarter of it, but for the adaptive kind (type 3, what Excalidraw draws rectangles with since
 * 0.14, and what it reads an old "round" rectangle as) no more than a fixed 32 units (or the
 * `value` given) once the side passes four times that.
 */
export function cornerRadius(raw: Raw, side: number): number {
  if (!isRounded(raw)) return 0;
  const adaptive = isObject(raw.roundness) ? raw.roundness.type === 3 : true;
  if (!adaptive) return side * 0.25;
  const fixed =
    isObject(raw.roundness) && typeof raw.roundness.value === "number" && raw.roundness.value >= 0
      ? raw.roundness.value
      : 32;
  return side <= fixed / 0.25 ? side * 0.25 : fixed;
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

/**
 * Excalidraw's font metrics by number (units per em, ascender, descender, line height), which
 * place its text's baselines and give a text with no `lineHeight` its own.
 */
const FONT_METRICS: Readonly<Record<number, readonly [number, number, number, number]>> = {
  1: [1000, 886, -374, 1.25],
  2: [2048, 1577, -471, 1.15],
  3: [2048, 1900, -480, 1.2],
  5: [1000, 886, -374, 1.25],
  6: [1000, 1011, -353, 1.35],
  7: [1000, 923, -220, 1.15],
  8: [1000, 750, -250, 1.25],
  9: [2048, 1854, -434, 1.15],
};

function fontMetrics(family: unknown): readonly [number, number, number, number] {
  return (typeof family === "number" ? FONT_METRICS[family] : undefined) ?? FONT_METRICS[1]!;
}

/**
 * Where Excalidraw puts a text's first baseline below its top: the font's ascender, with the
 * line's spare height (line height less ascender and descender) shared above and below.
 */
function excalidrawBaseline(family: unknown, fontSize: number, lineHeightPx: number): number {
  const [unitsPerEm, ascender, descender] = fontMetrics(family);
  const em = fontSize / unitsPerEm;
  return em * ascender + (lineHeightPx - em * ascender + em * descender) / 2;
}

/**
 * A text's line height as a multiple of its size: its `lineHeight`, or for a file from before
 * Excalidraw wrote one, its height shared among its lines, as Excalidraw reads such a file.
 */
function textLineHeight(raw: Raw, fontSize: number, lines: number): number {
  const given = num(raw, "lineHeight", Number.NaN);
  if (Number.isFinite(given)) return Math.max(0.5, given);
  const height = num(raw, "height", 0);
  if (height > 0) return Math.max(0.5, Math.min(4, height / lines / fontSize));
  return fontMetrics(raw.fontFamily)[3];
}

/** Excalidraw's fonts by number (0.17: 1–3; 0.18 adds 5–9), with the generic family to fall back on. */
function fontFamily(value: unknown): string {
  switch (value) {
    case 1:
      return "Virgil, cursive";
    case 3:
      return "Cascadia, monospace";
    case 5:
      return "Excalifont, cursive";
    case 6:
      return "Nunito, sans-serif";
    case 7:
      return "Lilita One, sans-serif";
    case 8:
      return "Comic Shanns, monospace";
    case 9:
      return "Liberation Sans, sans-serif";
    default:
      return "Helvetica, sans-serif";
  }
}

/** The fill styles Linework draws as Excalidraw does. */
const FILL_STYLES = new Set(["solid", "hachure", "cross-hatch"]);

/** rough.js's hatching turn (its default −41°, taken a quarter turn further as it takes it). */
const HATCH_TURN = (41 * Math.PI) / 180;

/**
 * An element's fill: solid in its background colour, or for Excalidraw's hatched styles
 * (rough.js's `hachure`, `cross-hatch`, and `zigzag` as plain hatching) a pattern of the lines
 * Excalidraw draws: half the stroke's width, four widths apart, rising to the right at 49°
 * (and falling at 41° as well, crossed).
 */
export function excalidrawFill(style: unknown, background: RGBA | null, strokeWidth: number): Fill {
  if (background === null) return NO_FILL;
  if (style !== "hachure" && style !== "cross-hatch" && style !== "zigzag")
    return { type: "solid", color: background };
  const gap = Math.max(0.5, strokeWidth * 4);
  const weight = Math.min(gap / 2, Math.max(0.25, strokeWidth / 2));
  const line = (id: string, width: number, height: number): RectNode =>
    makeNode<RectNode>("rect", id, PATTERN_TILE, id === "hatch" ? "a0" : "a1", {
      name: "Hatching",
      fill: { type: "solid", color: background },
      stroke: NO_STROKE,
      width,
      height,
      radii: [0, 0, 0, 0],
    });
  // In the tile's own space the lines run down it; the tile is turned to rough.js's angle.
  const content = [line("hatch", weight, gap)];
  if (style === "cross-hatch") content.push(line("cross", gap, weight));
  return {
    type: "pattern",
    width: gap,
    height: gap,
    transform: { x: 0, y: 0, rotation: HATCH_TURN, scaleX: 1, scaleY: 1, skewX: 0 },
    opacity: 1,
    content,
  };
}

/** Element types whose outline Excalidraw draws sketchily (roughness) and may fill with hatching. */
const SKETCHED = new Set(["rectangle", "ellipse", "diamond", "line", "arrow"]);

/** Counts what Excalidraw draws that Linework draws otherwise or keeps nowhere. */
function noteStyle(element: Raw, scene: Scene): void {
  if (SKETCHED.has(element.type as string)) {
    if (num(element, "roughness", 0) > 0)
      scene.change("outline with a hand-drawn look (drawn clean)");
    const filled = color(element.backgroundColor, null) !== null;
    const style = element.fillStyle;
    if (filled && style === "zigzag") scene.change("fill with zigzag (drawn hatched)");
    else if (filled && typeof style === "string" && !FILL_STYLES.has(style))
      scene.change(`fill with ${style.slice(0, 20)} (drawn solid)`);
  }
  if (typeof element.link === "string" && element.link.length > 0) scene.skip("element link");
}

/**
 * An end's Excalidraw arrowhead: null for none (an arrow's end has an arrow unless it says
 * null); a name Excalidraw does not have is counted and drawn as an arrow.
 */
function headOf(
  value: unknown,
  fallback: ExcalidrawHead | null,
  scene: Scene,
): ExcalidrawHead | null {
  if (value === undefined) return fallback;
  if (value === null) return null;
  if (isExcalidrawHead(value)) return value;
  scene.change("unknown arrowhead (drawn as an arrow)");
  return "arrow";
}

function linear(
  raw: Raw,
  x: number,
  y: number,
  angle: number,
  opacity: number,
  fill: Fill,
  stroke: Stroke,
  scene: Scene,
): Draft | null {
  const points = pointsOf(raw);
  if (points.length < 2) return null;
  const isArrow = raw.type === "arrow";
  const heads = {
    start: headOf(raw.startArrowhead, null, scene),
    end: headOf(raw.endArrowhead, isArrow ? "arrow" : null, scene),
  };
  const transform = rotatedAbout(x, y, ...centreOf(x, y, points), angle);
  // Arrows bound to shapes stay bound: to the shape's centre, meeting its outline.
  const bound = (value: unknown): Binding | null =>
    isObject(value) && typeof value.elementId === "string" && value.elementId.length > 0
      ? { node: value.elementId, anchor: { x: 0.5, y: 0.5 }, exact: false }
      : null;
  const first = points[0]!;
  const last = points.at(-1)!;
  const closed = points.length > 2 && first.x === last.x && first.y === last.y;
  const rounded = isRounded(raw);
  // Excalidraw's elbow arrows, and its curved ones (three points, rounded), are connectors too.
  const route: LineRoute | null =
    points.length === 2
      ? "straight"
      : raw.elbowed === true
        ? "elbow"
        : points.length === 3 && rounded && !closed
          ? "curved"
          : null;
  if (route !== null && fill.type === "none") {
    // A connector draws Linework's heads: the nearest where Excalidraw's differs.
    const native = (head: ExcalidrawHead | null): LineNode["endHead"] => {
      if (head === null) return "none";
      const mapped = nativeHead(head);
      if (!mapped.exact)
        scene.change(
          head.startsWith("crowfoot")
            ? "crow's foot arrowhead on a connector (drawn as a bar)"
            : "outlined arrowhead on a connector (drawn filled)",
        );
      return mapped.head;
    };
    const line = makeNode<LineNode>("line", "", "", "", {
      opacity,
      transform,
      fill: NO_FILL,
      stroke,
      start: first,
      end: last,
      startHead: native(heads.start),
      endHead: native(heads.end),
      startBinding: bound(raw.startBinding),
      endBinding: bound(raw.endBinding),
      route,
    });
    // Excalidraw's curve passes through its middle point: the bend that puts the middle there.
    return leaf(route === "curved" ? { ...line, bend: bendTowards(line, points[1]!) } : line);
  }
  // Anything else is a path through the points, with its heads as shapes beside it; a path
  // follows no shape, so its ends come free.
  for (const end of [raw.startBinding, raw.endBinding])
    if (bound(end) !== null) scene.skip("binding on a bent arrow (its end left in place)");
  const segments = bodySegments(points, rounded && !closed);
  const body = makeNode<PathNode>("path", "", "", "", {
    opacity,
    transform,
    name: isArrow ? "Arrow" : "Line",
    fill: closed ? fill : NO_FILL,
    stroke,
    fillRule: "nonzero",
    subpaths: [{ start: first, segments, closed }],
  });
  const headShapes = closed ? [] : bodyHeads(first, segments, heads, stroke, scene.background);
  if (headShapes.length === 0) return leaf(body);
  return {
    node: makeNode<GroupNode>("group", "", "", "", {
      name: isArrow ? "Arrow" : "Line",
      opacity,
      transform,
    }),
    children: [leaf({ ...body, opacity: 1, transform: IDENTITY }), ...headShapes.map(leaf)],
  };
}
