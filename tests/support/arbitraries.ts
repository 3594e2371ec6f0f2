/**
 * fast-check arbitraries for the document model: styles, every node kind, and whole valid
 * documents (pages, nested frames and groups, images with their data).
 */
import fc from "fast-check";
import { generateKeyBetween } from "fractional-indexing";
import type {
  BlobRecord,
  DocRecord,
  DocumentMeta,
  Fill,
  GradientStop,
  Id,
  Label,
  NodeBase,
  PageRecord,
  GroupNode,
  Paint,
  PathSegment,
  PatternPaint,
  RectNode,
  RGBA,
  SceneNode,
  Stroke,
  Subpath,
  Transform,
} from "../../src/doc/types";
import { ARROW_HEADS, LINE_ROUTES, BLEND_MODES, PATTERN_TILE } from "../../src/doc/types";
import { NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { Point } from "../../src/math/point";

/** -0 does not survive JSON (it comes back as 0), and no drawing needs it. */
const noNegativeZero = (n: number): number => (Object.is(n, -0) ? 0 : n);

export const unitArb = fc.double({ min: 0, max: 1, noNaN: true }).map(noNegativeZero);
export const coordArb = fc
  .oneof(
    fc.integer({ min: -5000, max: 5000 }),
    fc.double({ min: -1e6, max: 1e6, noNaN: true, noDefaultInfinity: true }),
  )
  .map(noNegativeZero);
export const sizeArb = fc
  .oneof(fc.integer({ min: 0, max: 2000 }), fc.double({ min: 0, max: 1e5, noNaN: true }))
  .map(noNegativeZero);
export const angleArb = fc.double({ min: -10, max: 10, noNaN: true }).map(noNegativeZero);

export const vec2Arb: fc.Arbitrary<Point> = fc.record({ x: coordArb, y: coordArb });
export const rgbaArb: fc.Arbitrary<RGBA> = fc.record({
  r: unitArb,
  g: unitArb,
  b: unitArb,
  a: unitArb,
});
const stopsArb: fc.Arbitrary<GradientStop[]> = fc.array(
  fc.record({ offset: unitArb, color: rgbaArb }),
  { minLength: 1, maxLength: 4 },
);

export const paintArb: fc.Arbitrary<Paint> = fc.oneof(
  fc.record({ type: fc.constant("solid" as const), color: rgbaArb }),
  fc.record({ type: fc.constant("linear" as const), from: vec2Arb, to: vec2Arb, stops: stopsArb }),
  fc.record({
    type: fc.constant("radial" as const),
    center: vec2Arb,
    radius: sizeArb,
    focal: vec2Arb,
    stops: stopsArb,
  }),
);

export const fillArb: fc.Arbitrary<Fill> = fc.oneof(
  fc.constant({ type: "none" as const }),
  paintArb,
);

export const strokeArb: fc.Arbitrary<Stroke> = fc.record({
  paint: fc.option(paintArb, { nil: null }),
  width: sizeArb,
  dash: fc.array(sizeArb, { maxLength: 4 }),
  dashOffset: coordArb,
  cap: fc.constantFrom("butt" as const, "round" as const, "square" as const),
  join: fc.constantFrom("miter" as const, "round" as const, "bevel" as const),
  miterLimit: fc.double({ min: 1, max: 100, noNaN: true }),
});

export const transformArb: fc.Arbitrary<Transform> = fc.record({
  x: coordArb,
  y: coordArb,
  rotation: angleArb,
  scaleX: fc.double({ min: -10, max: 10, noNaN: true }).map(noNegativeZero),
  scaleY: fc.double({ min: -10, max: 10, noNaN: true }).map(noNegativeZero),
  skewX: angleArb,
});

type BaseFields = Omit<NodeBase, "id" | "parent" | "index">;
const baseArb: fc.Arbitrary<BaseFields> = fc.record({
  name: fc.string({ maxLength: 12 }),
  locked: fc.boolean(),
  hidden: fc.boolean(),
  opacity: unitArb,
  blendMode: fc.constantFrom(...BLEND_MODES),
  transform: transformArb,
});
const styledArb = fc.record({ fill: fillArb, stroke: strokeArb });

/** Subpaths of line, quadratic and cubic segments whose points come from `point`. */
export function subpathsOf(point: fc.Arbitrary<Point>, maxSegments = 5): fc.Arbitrary<Subpath> {
  const segment: fc.Arbitrary<PathSegment> = fc.oneof(
    fc.record({ type: fc.constant("line" as const), to: point }),
    fc.record({ type: fc.constant("quad" as const), control: point, to: point }),
    fc.record({ type: fc.constant("cubic" as const), control1: point, control2: point, to: point }),
  );
  return fc.record({
    start: point,
    segments: fc.array(segment, { maxLength: maxSegments }),
    closed: fc.boolean(),
  });
}
const subpathArb = subpathsOf(vec2Arb);

/** A node's own fields, without its place in the tree; images name a blob slot, not an id. */
export type LeafSpec =
  | { readonly kind: "shape"; readonly fields: Omit<SceneNode, "id" | "parent" | "index"> }
  | { readonly kind: "image"; readonly blobSlot: number; readonly fields: BaseFields };

/** No label half the time; otherwise words in one of the shipped families, placed anywhere along. */
const labelArb: fc.Arbitrary<Label | null> = fc.option(
  fc.record({
    content: fc.string({ maxLength: 30, unit: "grapheme" }),
    fontFamily: fc.constantFrom("Inter", "Georgia", "monospace"),
    fontSize: fc.double({ min: 1, max: 200, noNaN: true }),
    fontWeight: fc.constantFrom(100, 400, 700, 900),
    fontStyle: fc.constantFrom("normal" as const, "italic" as const),
    color: rgbaArb,
    position: unitArb,
  }),
  { freq: 2 },
);

const shapeFieldsArb: fc.Arbitrary<Omit<SceneNode, "id" | "parent" | "index">> = fc.oneof(
  fc
    .tuple(
      baseArb,
      styledArb,
      sizeArb,
      sizeArb,
      fc.tuple(sizeArb, sizeArb, sizeArb, sizeArb),
      labelArb,
    )
    .map(([b, s, width, height, radii, label]) => ({
      ...b,
      ...s,
      type: "rect" as const,
      width,
      height,
      radii,
      label,
    })),
  fc.tuple(baseArb, styledArb, sizeArb, sizeArb, labelArb).map(([b, s, width, height, label]) => ({
    ...b,
    ...s,
    type: "ellipse" as const,
    width,
    height,
    label,
  })),
  fc
    .tuple(
      baseArb,
      styledArb,
      vec2Arb,
      vec2Arb,
      fc.constantFrom(...ARROW_HEADS),
      fc.constantFrom(...ARROW_HEADS),
      fc.constantFrom(...LINE_ROUTES),
      fc.double({ min: -500, max: 500, noNaN: true }).map(noNegativeZero),
      labelArb,
    )
    .map(([b, s, start, end, startHead, endHead, route, bend, label]) => ({
      ...b,
      ...s,
      type: "line" as const,
      start,
      end,
      startHead,
      endHead,
      startBinding: null,
      endBinding: null,
      route,
      bend,
      label,
    })),
  fc
    .tuple(baseArb, styledArb, sizeArb, sizeArb, fc.integer({ min: 3, max: 12 }), labelArb)
    .map(([b, s, width, height, sides, label]) => ({
      ...b,
      ...s,
      type: "polygon" as const,
      width,
      height,
      sides,
      label,
    })),
  fc
    .tuple(
      baseArb,
      styledArb,
      sizeArb,
      sizeArb,
      fc.integer({ min: 3, max: 12 }),
      fc.double({ min: 0.01, max: 1, noNaN: true }),
      labelArb,
    )
    .map(([b, s, width, height, points, innerRatio, label]) => ({
      ...b,
      ...s,
      type: "star" as const,
      width,
      height,
      points,
      innerRatio,
      label,
    })),
  fc
    .tuple(
      baseArb,
      styledArb,
      fc.array(subpathArb, { maxLength: 3 }),
      fc.constantFrom("nonzero" as const, "evenodd" as const),
    )
    .map(([b, s, subpaths, fillRule]) => ({
      ...b,
      ...s,
      type: "path" as const,
      subpaths,
      fillRule,
    })),
  fc
    .tuple(
      baseArb,
      styledArb,
      fc.array(fc.tuple(coordArb, coordArb, unitArb), { maxLength: 8 }),
      fc.record({
        size: sizeArb,
        thinning: unitArb,
        smoothing: unitArb,
        streamline: unitArb,
        simulatePressure: fc.boolean(),
        fixedWidth: fc.boolean(),
      }),
    )
    .map(([b, s, triples, settings]) => ({
      ...b,
      ...s,
      type: "freehand" as const,
      points: triples.flat(),
      settings,
    })),
  fc
    .tuple(
      baseArb,
      styledArb,
      fc.record({
        content: fc.string({ maxLength: 30, unit: "grapheme" }),
        fontFamily: fc.constantFrom("Inter", "Georgia", "monospace"),
        fontSize: fc.double({ min: 1, max: 200, noNaN: true }),
        fontWeight: fc.constantFrom(100, 400, 700, 900),
        fontStyle: fc.constantFrom("normal" as const, "italic" as const),
        align: fc.constantFrom(
          "left" as const,
          "center" as const,
          "right" as const,
          "justify" as const,
        ),
        lineHeight: fc.double({ min: 0.5, max: 3, noNaN: true }),
        width: fc.option(sizeArb, { nil: null }),
      }),
    )
    .map(([b, s, t]) => ({ ...b, ...s, type: "text" as const, ...t })),
);

export interface NodeSpec {
  readonly leaf: LeafSpec | null;
  /** Set for containers. */
  readonly container: {
    readonly fields: Omit<SceneNode, "id" | "parent" | "index">;
    readonly children: readonly NodeSpec[];
  } | null;
}

const containerFieldsArb = fc.oneof(
  fc.tuple(baseArb, fc.boolean()).map(([b, isolated]) => ({
    ...b,
    type: "group" as const,
    isolated,
  })),
  fc
    .tuple(baseArb, styledArb, sizeArb, sizeArb, fc.boolean())
    .map(([b, s, width, height, clip]) => ({
      ...b,
      ...s,
      type: "frame" as const,
      width,
      height,
      clip,
    })),
);

const leafArb: fc.Arbitrary<LeafSpec> = fc.oneof(
  { weight: 8, arbitrary: shapeFieldsArb.map((fields) => ({ kind: "shape" as const, fields })) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(baseArb, fc.nat({ max: 3 }))
      .map(([fields, blobSlot]) => ({ kind: "image" as const, blobSlot, fields })),
  },
);

const treeArb = fc.letrec<{ node: NodeSpec; nodes: NodeSpec[] }>((tie) => ({
  node: fc.oneof(
    { depthSize: "small", withCrossShrink: true },
    leafArb.map((leaf) => ({ leaf, container: null })),
    fc
      .tuple(containerFieldsArb, tie("nodes"))
      .map(([fields, children]) => ({ leaf: null, container: { fields, children } })),
  ),
  nodes: fc.array(tie("node"), { maxLength: 4 }),
}));

const blobArb = fc.record({
  mime: fc.constantFrom("image/png", "image/jpeg", "image/svg+xml"),
  data: fc.uint8Array({ maxLength: 24 }).map((bytes) => Buffer.from(bytes).toString("base64")),
});

export interface DocumentOptions {
  readonly maxPages?: number;
}

/** A whole valid document: one document record, pages, trees of nodes, image data. */
export function documentArb(options: DocumentOptions = {}): fc.Arbitrary<DocRecord[]> {
  return fc
    .record({
      name: fc.string({ maxLength: 20 }),
      author: fc.string({ maxLength: 20 }),
      created: fc
        .date({ min: new Date("2000-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
        .map((d) => d.toISOString()),
      pages: fc.array(
        fc.record({
          name: fc.string({ maxLength: 10 }),
          background: rgbaArb,
          nodes: treeArb.nodes,
        }),
        {
          minLength: 1,
          maxLength: options.maxPages ?? 3,
        },
      ),
      blobs: fc.array(blobArb, { minLength: 1, maxLength: 4 }),
    })
    .map(({ name, author, created, pages, blobs }) => {
      let counter = 0;
      const nextId = (prefix: string): Id => `${prefix}${(counter++).toString(36)}`;
      const meta: DocumentMeta = { id: nextId("d"), type: "document", name, author, created };
      const records: DocRecord[] = [meta];
      const blobRecords: BlobRecord[] = blobs.map((blob) => ({
        id: nextId("b"),
        type: "blob",
        ...blob,
      }));
      const usedBlobs = new Set<Id>();

      const place = (specs: readonly NodeSpec[], parent: Id): void => {
        let index: string | null = null;
        for (const spec of specs) {
          index = generateKeyBetween(index, null);
          const id = nextId("n");
          if (spec.container !== null) {
            records.push({ ...spec.container.fields, id, parent, index } as SceneNode);
            place(spec.container.children, id);
          } else if (spec.leaf!.kind === "image") {
            const blob = blobRecords[spec.leaf!.blobSlot % blobRecords.length]!;
            usedBlobs.add(blob.id);
            records.push({
              ...spec.leaf!.fields,
              id,
              parent,
              index,
              type: "image",
              blob: blob.id,
              naturalWidth: 64,
              naturalHeight: 48,
              width: 64,
              height: 48,
            });
          } else {
            records.push({ ...spec.leaf!.fields, id, parent, index } as SceneNode);
          }
        }
      };

      let pageIndex: string | null = null;
      for (const page of pages) {
        pageIndex = generateKeyBetween(pageIndex, null);
        const record: PageRecord = {
          id: nextId("p"),
          type: "page",
          name: page.name,
          index: pageIndex,
          background: page.background,
        };
        records.push(record);
        place(page.nodes, record.id);
      }
      // Unused image data is legal too; keep one so documents exercise it.
      for (const blob of blobRecords)
        if (usedBlobs.has(blob.id) || blob === blobRecords[0]) records.push(blob);
      return records;
    });
}

/**
 * A pattern paint: a tile with a few solid-painted rectangles and ellipses, some inside a group,
 * and (below `depth`) one that is itself painted with a pattern.
 */
export function patternArb(depth = 2): fc.Arbitrary<PatternPaint> {
  const inner: fc.Arbitrary<Paint> =
    depth > 1
      ? fc.oneof(
          {
            weight: 3,
            arbitrary: fc.record({ type: fc.constant("solid" as const), color: rgbaArb }),
          },
          { weight: 1, arbitrary: patternArb(depth - 1) },
        )
      : fc.record({ type: fc.constant("solid" as const), color: rgbaArb });
  const leaf = fc.tuple(
    fc.constantFrom("rect" as const, "ellipse" as const),
    transformArb,
    inner,
    fc.double({ min: 0.1, max: 50, noNaN: true }),
    fc.double({ min: 0.1, max: 50, noNaN: true }),
    fc.boolean(),
  );
  return fc
    .record({
      width: fc.double({ min: 0.01, max: 500, noNaN: true }),
      height: fc.double({ min: 0.01, max: 500, noNaN: true }),
      transform: transformArb,
      opacity: unitArb,
      leaves: fc.array(leaf, { minLength: 1, maxLength: 4 }),
      grouped: fc.boolean(),
    })
    .map(({ leaves, grouped, ...tile }) => {
      const content: SceneNode[] = [];
      if (grouped)
        content.push({
          ...makeNode<GroupNode>("group", "g", PATTERN_TILE, "a0", {}),
        });
      leaves.forEach(([type, transform, fill, width, height, inGroup], i) => {
        const fields = {
          transform,
          fill,
          stroke: { ...NO_STROKE },
          width,
          height,
          ...(type === "rect" ? { radii: [0, 0, 0, 0] as [number, number, number, number] } : {}),
        };
        content.push(
          makeNode<RectNode>(
            type as "rect",
            `n${i}`,
            grouped && inGroup ? "g" : PATTERN_TILE,
            `a${i + 1}`,
            fields as never,
          ),
        );
      });
      return { type: "pattern" as const, ...tile, content };
    });
}
