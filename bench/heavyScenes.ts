// Heavy real-content scenes for bench/heavy.ts, built as native documents: an illustration of
// semi-transparent self-crossing curves, a map of polygons with holes, a text-heavy diagram and an
// image board. Seeded, so every run draws the same thing. Each spans about the 10k simple
// scene's 10,000 × 10,000 units, so the same camera moves cover a comparable stretch of it.

import { generateNKeysBetween } from "fractional-indexing";
import { createDocument, NO_STROKE } from "../src/doc/factory.ts";
import type {
  BlendMode,
  BlobRecord,
  DocRecord,
  GroupNode,
  ImageNode,
  Paint,
  PathNode,
  PathSegment,
  RectNode,
  RGBA,
  SceneNode,
  Subpath,
  TextNode,
} from "../src/doc/types.ts";
import { PngStreamEncoder } from "../src/io/export/pngEncoder.ts";
import { makeNode } from "../src/shapes/makeNode.ts";
import { mulberry32 } from "./random.ts";

export interface Scene {
  readonly name: string;
  readonly records: DocRecord[];
  /** The middle of the drawing, where the camera moves start. */
  readonly centre: { readonly x: number; readonly y: number };
}

/** The sizes asked for; BENCH_HEAVY_SCALE scales them all for a quick run. */
export const HEAVY_SIZES = {
  illustrationPaths: 5_000,
  illustrationGroups: 100,
  mapPolygons: 250,
  mapSegmentsPerPolygon: 2_000,
  diagramBoxes: 2_000,
  boardImages: 200,
} as const;

const EXTENT = 10_000;

function documentRecords(name: string): DocRecord[] {
  return createDocument({
    id: "doc",
    pageId: "page",
    name,
    author: "bench",
    created: "2025-01-01T00:00:00.000Z",
  });
}

function at<T extends SceneNode>(node: T, x: number, y: number, rotation = 0): T {
  return { ...node, transform: { ...node.transform, x, y, rotation } };
}

function colour(random: () => number, alpha: number): RGBA {
  return { r: random(), g: random(), b: random(), a: alpha };
}

const solid = (color: RGBA): Paint => ({ type: "solid", color });

/** Gives siblings their fractional indexes in the order given. */
function indexed<T extends SceneNode>(nodes: T[]): T[] {
  const keys = generateNKeysBetween(null, null, nodes.length);
  return nodes.map((node, i) => ({ ...node, index: keys[i]! }));
}

/**
 * A closed hypotrochoid (a spirograph figure: it crosses itself a dozen times) through `samples`
 * points, joined by cubics from the Catmull-Rom tangents so the curve stays smooth.
 */
function spirograph(random: () => number, size: number, samples: number): Subpath {
  const bigR = 5;
  const smallR = 3;
  const d = 2 + random() * 3;
  const turns = 3 * Math.PI * 2; // smallR / gcd(bigR, smallR) turns close it
  const scale = size / (bigR - smallR + d) / 2;
  const points = Array.from({ length: samples }, (_, i) => {
    const t = (i / samples) * turns;
    const k = (bigR - smallR) / smallR;
    return {
      x: scale * ((bigR - smallR) * Math.cos(t) + d * Math.cos(k * t)),
      y: scale * ((bigR - smallR) * Math.sin(t) - d * Math.sin(k * t)),
    };
  });
  const p = (i: number) => points[(i + samples) % samples]!;
  const segments: PathSegment[] = points.map((_, i) => {
    const [p0, p1, p2, p3] = [p(i - 1), p(i), p(i + 1), p(i + 2)];
    return {
      type: "cubic",
      control1: { x: p1.x + (p2.x - p0.x) / 6, y: p1.y + (p2.y - p0.y) / 6 },
      control2: { x: p2.x - (p3.x - p1.x) / 6, y: p2.y - (p3.y - p1.y) / 6 },
      to: p2,
    };
  });
  return { start: points[0]!, segments, closed: true };
}

const BLENDS: readonly BlendMode[] = ["normal", "normal", "normal", "multiply", "screen"];

/**
 * Thousands of semi-transparent self-crossing closed cubic paths in rotated groups on a square
 * grid; a fifth of them filled with gradients, some groups blended, some groups translucent.
 */
export function illustrationScene(
  paths: number = HEAVY_SIZES.illustrationPaths,
  groups: number = HEAVY_SIZES.illustrationGroups,
): Scene {
  const random = mulberry32(1);
  const records = documentRecords("Illustration");
  const side = Math.ceil(Math.sqrt(groups));
  const pitch = EXTENT / side;
  const groupNodes: GroupNode[] = [];
  const children: PathNode[][] = [];
  for (let g = 0; g < groups; g++) {
    const id = `g${g.toString(36)}`;
    groupNodes.push(
      at(
        makeNode<GroupNode>("group", id, "page", "", {
          opacity: g % 4 === 3 ? 0.7 : 1,
          blendMode: BLENDS[g % BLENDS.length]!,
        }),
        (g % side) * pitch + pitch / 2,
        Math.floor(g / side) * pitch + pitch / 2,
        random() * Math.PI * 2,
      ),
    );
    children.push([]);
  }
  for (let i = 0; i < paths; i++) {
    const g = i % groups;
    const size = 60 + random() * 240;
    const fillColour = colour(random, 0.25 + random() * 0.45);
    const fill: Paint =
      i % 5 === 0
        ? {
            type: "linear",
            from: { x: -size / 2, y: 0 },
            to: { x: size / 2, y: 0 },
            stops: [
              { offset: 0, color: fillColour },
              { offset: 1, color: colour(random, 0.2) },
            ],
          }
        : i % 5 === 1
          ? {
              type: "radial",
              center: { x: 0, y: 0 },
              radius: size / 2,
              focal: { x: 0, y: 0 },
              stops: [
                { offset: 0, color: fillColour },
                { offset: 1, color: colour(random, 0.1) },
              ],
            }
          : solid(fillColour);
    children[g]!.push(
      at(
        makeNode<PathNode>("path", `p${i.toString(36)}`, groupNodes[g]!.id, "", {
          subpaths: [spirograph(random, size, 36)],
          fillRule: i % 2 === 0 ? "nonzero" : "evenodd",
          fill,
          stroke: {
            ...NO_STROKE,
            paint: solid(colour(random, 0.6)),
            width: 1 + random() * 2,
          },
          opacity: 0.5 + random() * 0.5,
        }),
        (random() - 0.5) * pitch * 0.8,
        (random() - 0.5) * pitch * 0.8,
        random() * Math.PI * 2,
      ),
    );
  }
  records.push(...indexed(groupNodes));
  for (const list of children) records.push(...indexed(list));
  return { name: "illustration", records, centre: { x: EXTENT / 2, y: EXTENT / 2 } };
}

/** A closed ring of `segments` lines round a wobbly circle, like a coastline or a lake shore. */
function ring(random: () => number, cx: number, cy: number, radius: number, segments: number) {
  const phases = [random(), random(), random(), random()].map((r) => r * Math.PI * 2);
  const point = (i: number) => {
    const t = (i / segments) * Math.PI * 2;
    const wobble =
      1 +
      0.18 * Math.sin(3 * t + phases[0]!) +
      0.08 * Math.sin(11 * t + phases[1]!) +
      0.04 * Math.sin(37 * t + phases[2]!) +
      0.02 * (random() - 0.5);
    return { x: cx + radius * wobble * Math.cos(t), y: cy + radius * wobble * Math.sin(t) };
  };
  const segmentsOut: PathSegment[] = [];
  for (let i = 1; i < segments; i++) segmentsOut.push({ type: "line", to: point(i) });
  return { start: point(0), segments: segmentsOut, closed: true };
}

/**
 * A map: polygons of ~2,000 line segments each, every one with lakes (holes, even-odd) taking a
 * fifth of its segments, filled semi-transparently and overlapping their neighbours a little.
 */
export function mapScene(
  polygons: number = HEAVY_SIZES.mapPolygons,
  segmentsPerPolygon: number = HEAVY_SIZES.mapSegmentsPerPolygon,
): Scene {
  const random = mulberry32(2);
  const records = documentRecords("Map");
  const side = Math.ceil(Math.sqrt(polygons));
  const pitch = EXTENT / side;
  const nodes: PathNode[] = [];
  for (let i = 0; i < polygons; i++) {
    const holes = 2 + (i % 3);
    const holeSegments = Math.floor((segmentsPerPolygon * 0.2) / holes);
    const outerSegments = segmentsPerPolygon - holeSegments * holes;
    const radius = pitch * 0.6;
    const subpaths: Subpath[] = [ring(random, 0, 0, radius, outerSegments)];
    for (let h = 0; h < holes; h++) {
      const angle = (h / holes) * Math.PI * 2 + random();
      subpaths.push(
        ring(
          random,
          Math.cos(angle) * radius * 0.45,
          Math.sin(angle) * radius * 0.45,
          radius * 0.15,
          holeSegments,
        ),
      );
    }
    nodes.push(
      at(
        makeNode<PathNode>("path", `m${i.toString(36)}`, "page", "", {
          subpaths,
          fillRule: "evenodd",
          fill: solid(colour(random, 0.45 + random() * 0.3)),
          stroke: { ...NO_STROKE, paint: solid({ r: 0.2, g: 0.2, b: 0.25, a: 0.8 }), width: 1.5 },
        }),
        (i % side) * pitch + pitch / 2,
        Math.floor(i / side) * pitch + pitch / 2,
      ),
    );
  }
  records.push(...indexed(nodes));
  return { name: "map", records, centre: { x: EXTENT / 2, y: EXTENT / 2 } };
}

const WORDS = (
  "order service queue worker cache store index request response retry timeout batch stream " +
  "event schema table report backup replica gateway session token ledger invoice shipment"
).split(" ");

function sentence(random: () => number, words: number): string {
  return Array.from({ length: words }, () => WORDS[Math.floor(random() * WORDS.length)]).join(" ");
}

/**
 * A diagram of boxes: half carry a multi-line label of their own, half a wrapped text box laid
 * over them (a title line and a paragraph), as diagrams and flowcharts hold their words.
 */
export function diagramScene(boxes: number = HEAVY_SIZES.diagramBoxes): Scene {
  const random = mulberry32(3);
  const records = documentRecords("Diagram");
  const side = Math.ceil(Math.sqrt(boxes));
  const pitch = EXTENT / side;
  const width = pitch * 0.8;
  const height = pitch * 0.55;
  const nodes: SceneNode[] = [];
  for (let i = 0; i < boxes; i++) {
    const x = (i % side) * pitch;
    const y = Math.floor(i / side) * pitch;
    const labelled = i % 2 === 0;
    nodes.push(
      at(
        makeNode<RectNode>("rect", `r${i.toString(36)}`, "page", "", {
          width,
          height,
          radii: [8, 8, 8, 8],
          fill: solid({ r: 0.95, g: 0.96, b: 1, a: 0.9 }),
          stroke: { ...NO_STROKE, paint: solid({ r: 0.3, g: 0.35, b: 0.5, a: 1 }), width: 1.5 },
          label: labelled
            ? {
                content: `${sentence(random, 2)}\n${sentence(random, 4)}\n${sentence(random, 3)}`,
                fontFamily: "sans-serif",
                fontSize: 14,
                fontWeight: 400,
                fontStyle: "normal",
                color: { r: 0.1, g: 0.1, b: 0.15, a: 1 },
                position: 0.5,
              }
            : null,
        }),
        x,
        y,
      ),
    );
    if (!labelled)
      nodes.push(
        at(
          makeNode<TextNode>("text", `t${i.toString(36)}`, "page", "", {
            content: `${sentence(random, 3)}\n${sentence(random, 16)}`,
            fontFamily: "sans-serif",
            fontSize: 12,
            fontWeight: i % 4 === 1 ? 700 : 400,
            fontStyle: i % 8 === 3 ? "italic" : "normal",
            align: "left",
            lineHeight: 1.3,
            width: width - 16,
            fill: solid({ r: 0.15, g: 0.15, b: 0.2, a: 1 }),
            stroke: NO_STROKE,
          }),
          x + 8,
          y + 8,
        ),
      );
  }
  records.push(...indexed(nodes));
  return { name: "diagram", records, centre: { x: EXTENT / 2, y: EXTENT / 2 } };
}

/** A PNG of `width` × `height` pixels: a seeded gradient with rings, different for each seed. */
export async function makePng(seed: number, width: number, height: number): Promise<Uint8Array> {
  const random = mulberry32(seed);
  const [a, b, c] = [colour(random, 1), colour(random, 1), random() * 0.2 + 0.05];
  const encoder = new PngStreamEncoder(width, height);
  const rows = new Uint8ClampedArray(width * height * 4);
  for (let y = 0; y < height; y++)
    for (let x = 0; x < width; x++) {
      const t = (x / width + y / height) / 2;
      const ring = 0.5 + 0.5 * Math.sin(Math.hypot(x - width / 2, y - height / 2) * c);
      const o = (y * width + x) * 4;
      rows[o] = 255 * (a.r * (1 - t) + b.r * t) * ring;
      rows[o + 1] = 255 * (a.g * (1 - t) + b.g * t);
      rows[o + 2] = 255 * (a.b * (1 - t) + b.b * t) * (1 - ring * 0.5);
      rows[o + 3] = 255;
    }
  await encoder.addRows(rows, height);
  return new Uint8Array(await (await encoder.finish()).arrayBuffer());
}

const IMAGE_SIZE = { width: 320, height: 240 };

/**
 * A board of embedded raster images, each its own PNG, placed at a slight tilt and shown larger
 * than their pixels, with some made translucent.
 */
export async function imageBoardScene(images: number = HEAVY_SIZES.boardImages): Promise<Scene> {
  const random = mulberry32(4);
  const records = documentRecords("Image board");
  const side = Math.ceil(Math.sqrt(images));
  const pitch = EXTENT / side;
  const nodes: ImageNode[] = [];
  const blobs: BlobRecord[] = [];
  for (let i = 0; i < images; i++) {
    const blob = `b${i.toString(36)}`;
    const png = await makePng(100 + i, IMAGE_SIZE.width, IMAGE_SIZE.height);
    blobs.push({
      id: blob,
      type: "blob",
      mime: "image/png",
      data: Buffer.from(png).toString("base64"),
    });
    nodes.push(
      at(
        makeNode<ImageNode>("image", `i${i.toString(36)}`, "page", "", {
          blob,
          naturalWidth: IMAGE_SIZE.width,
          naturalHeight: IMAGE_SIZE.height,
          width: pitch * 0.8,
          height: pitch * 0.6,
          opacity: i % 5 === 4 ? 0.75 : 1,
        }),
        (i % side) * pitch + pitch * 0.1,
        Math.floor(i / side) * pitch + pitch * 0.2,
        (random() - 0.5) * 0.2,
      ),
    );
  }
  records.push(...indexed(nodes), ...blobs);
  return { name: "images", records, centre: { x: EXTENT / 2, y: EXTENT / 2 } };
}

/** Every heavy scene, its sizes multiplied by `scale` (at least one of each). */
export async function heavyScenes(scale = 1): Promise<Scene[]> {
  const n = (count: number) => Math.max(1, Math.round(count * scale));
  return [
    illustrationScene(n(HEAVY_SIZES.illustrationPaths), n(HEAVY_SIZES.illustrationGroups)),
    mapScene(n(HEAVY_SIZES.mapPolygons), HEAVY_SIZES.mapSegmentsPerPolygon),
    diagramScene(n(HEAVY_SIZES.diagramBoxes)),
    await imageBoardScene(n(HEAVY_SIZES.boardImages)),
  ];
}
