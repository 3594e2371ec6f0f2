import { generateNKeysBetween } from "fractional-indexing";
import { createDocument, DEFAULT_STROKE, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type {
  DocRecord,
  EllipseNode,
  FrameNode,
  FreehandNode,
  LineNode,
  PathNode,
  PolygonNode,
  RectNode,
  RGBA,
  SceneNode,
  StarNode,
  TextNode,
} from "../../src/doc/types";

export const RED: RGBA = { r: 1, g: 0, b: 0, a: 1 };
export const BLUE: RGBA = { r: 0, g: 0, b: 1, a: 1 };

/** Where the gallery's solid red rectangle is, in page units (also CSS pixels at zoom 1). */
export const RED_RECT = { x: 60, y: 60, width: 200, height: 120 };

/**
 * A small document with one of each shape kind and a spread of styles, laid out on a page so
 * each can be found on screen at zoom 1.
 */
export function galleryDocument(): DocRecord[] {
  const records = createDocument({
    id: "gallery",
    pageId: "page",
    name: "Gallery",
    author: "web_user",
    created: "2026-01-01T00:00:00.000Z",
  });
  const solid = (color: RGBA) => ({ type: "solid" as const, color });
  const at = <T extends SceneNode>(node: T, x: number, y: number): T => ({
    ...node,
    transform: { ...node.transform, x, y },
  });
  const frame = at(
    makeNode<FrameNode>("frame", "frame", "page", "a0", {
      width: 900,
      height: 520,
      clip: true,
      fill: solid({ r: 1, g: 1, b: 1, a: 1 }),
      stroke: NO_STROKE,
    }),
    20,
    20,
  );
  const children: SceneNode[] = [
    at(
      makeNode<RectNode>("rect", "red", "frame", "", {
        width: RED_RECT.width,
        height: RED_RECT.height,
        radii: [0, 12, 24, 0],
        fill: solid(RED),
        stroke: { ...DEFAULT_STROKE, width: 4 },
      }),
      RED_RECT.x - 20,
      RED_RECT.y - 20,
    ),
    at(
      makeNode<EllipseNode>("ellipse", "ellipse", "frame", "", {
        width: 160,
        height: 100,
        fill: {
          type: "linear",
          from: { x: 0, y: 0 },
          to: { x: 160, y: 0 },
          stops: [
            { offset: 0, color: BLUE },
            { offset: 1, color: { r: 0, g: 0.8, b: 0.4, a: 1 } },
          ],
        },
        stroke: NO_STROKE,
      }),
      300,
      40,
    ),
    at(
      makeNode<StarNode>("star", "star", "frame", "", {
        width: 120,
        height: 120,
        points: 5,
        innerRatio: 0.45,
        fill: solid({ r: 1, g: 0.75, b: 0, a: 1 }),
        stroke: DEFAULT_STROKE,
      }),
      520,
      30,
    ),
    at(
      makeNode<PolygonNode>("polygon", "hexagon", "frame", "", {
        width: 110,
        height: 100,
        sides: 6,
        fill: solid({ r: 0.5, g: 0.2, b: 0.8, a: 0.6 }),
        stroke: DEFAULT_STROKE,
      }),
      700,
      40,
    ),
    at(
      makeNode<LineNode>("line", "arrow", "frame", "", {
        start: { x: 0, y: 0 },
        end: { x: 220, y: 60 },
        startHead: "circle",
        endHead: "triangle",
        fill: { type: "none" },
        stroke: { ...DEFAULT_STROKE, width: 3, dash: [8, 4] },
      }),
      40,
      260,
    ),
    at(
      makeNode<PathNode>("path", "path", "frame", "", {
        subpaths: [
          {
            start: { x: 0, y: 80 },
            segments: [
              {
                type: "cubic",
                control1: { x: 40, y: -40 },
                control2: { x: 120, y: 160 },
                to: { x: 160, y: 40 },
              },
              { type: "quad", control: { x: 200, y: 0 }, to: { x: 240, y: 80 } },
            ],
            closed: true,
          },
        ],
        fillRule: "evenodd",
        fill: solid({ r: 0.2, g: 0.6, b: 1, a: 0.5 }),
        stroke: DEFAULT_STROKE,
      }),
      320,
      220,
    ),
    at(
      makeNode<FreehandNode>("freehand", "ink", "frame", "", {
        points: [0, 0, 0.3, 20, 10, 0.5, 40, 5, 0.7, 60, 25, 0.6, 80, 10, 0.4],
        settings: {
          size: 6,
          thinning: 0.5,
          smoothing: 0.5,
          streamline: 0.5,
          simulatePressure: false,
          fixedWidth: false,
        },
        fill: { type: "none" },
        stroke: DEFAULT_STROKE,
      }),
      640,
      260,
    ),
    at(
      makeNode<TextNode>("text", "title", "frame", "", {
        content: "Linework gallery",
        fontFamily: "sans-serif",
        fontSize: 28,
        fontWeight: 700,
        fontStyle: "normal",
        align: "left",
        lineHeight: 1.2,
        width: null,
        fill: solid({ r: 0.1, g: 0.1, b: 0.1, a: 1 }),
        stroke: NO_STROKE,
      }),
      40,
      420,
    ),
  ];
  const keys = generateNKeysBetween(null, null, children.length);
  return [...records, frame, ...children.map((child, i) => ({ ...child, index: keys[i]! }))];
}
