import {
  CanvasTextGenerator,
  CanvasTextMetrics,
  Container,
  Graphics,
  Matrix,
  Sprite,
  Text,
  TextStyle,
  Texture,
  type TextStyleOptions,
} from "pixi.js";
import { IDENTITY_MATRIX, toMatrix } from "../doc/transform";
import { patternColor, patternsOf } from "../doc/pattern";
import type {
  ImageNode,
  LineJoin,
  Paint,
  PatternPaint,
  RectNode,
  RGBA,
  SceneNode,
  TextNode,
} from "../doc/types";
import { createBatchMesh } from "./batch/chunkMesh";
import {
  dependsOnZoom,
  encodeNode,
  isVectorNode,
  type Detail,
  type VectorNode,
} from "./batch/encode";
import { BatchWriter } from "./batch/writer";
import type { TextPacer } from "./textPacer";
import { colorOf } from "./paint";
import { NO_STROKE } from "../doc/factory";
import { makeNode } from "../shapes/makeNode";
import { mappedPaint } from "../shapes/mappedPaint";
import { applyLayer, LayerHost } from "./groupLayers";
import { pixiBlendName } from "./hslBlends";
import { createPaintMesh, type PaintTiles } from "./paintMesh/paintMesh";
import { resolvedFamilies } from "../fonts/family";
import { isFrame } from "../shapes/frame";
import { drawsFill, kindOf } from "../shapes/registry";
import { hasLabel, labelOf, labelOrigin, labelText, lineLabelGap } from "../shapes/label";

/** What a display needs to know to draw a node at the camera's zoom. */
export interface DrawContext {
  /** The detail of the zoom bucket drawn for. */
  readonly detail: Detail;
  /** How much the node's ancestors and own transform scale it (its world matrix's scale). */
  worldScale(): number;
  /** Renders pattern paints' tiles; absent where nothing can render them (no GPU). */
  readonly tiles?: TileRenderer | null;
  /** The camera's own zoom, which pattern tiles are rendered for; the bucket's without it. */
  readonly zoom?: number;
  /** Spreads texts' first drawing over frames; absent where all are drawn at once. */
  readonly texts?: Pick<TextPacer, "admit"> | null;
}

/** Renders the tile of a pattern paint into a texture, for the paint shader to repeat. */
export interface TileRenderer {
  /**
   * The tile of `paint`, rendered for a node drawn at `pixelsPerUnit` device pixels per unit of
   * its local space; the caller owns the texture. Null when it cannot be rendered.
   */
  render(paint: PatternPaint, pixelsPerUnit: number): Texture | null;
}

/** A node drawn by an object of its own rather than by its chunk's batch. */
export interface Display {
  readonly type: SceneNode["type"];
  /** What carries the node's transform, opacity and visibility. */
  readonly object: Container;
  /** Where its children go (groups and frames); null for shapes. */
  readonly host: Container | null;
  /** Redraws the node's own visuals. */
  draw(node: SceneNode, context: DrawContext): void;
  /** Whether its geometry depends on the zoom bucket, so a new bucket redraws it. */
  readonly zoomDependent: boolean;
  /** Whether it is a batch mesh of its own (`batchDisplay`). */
  readonly batched: boolean;
  /**
   * Leaves its words undrawn while an editing field shows them (a text, or a shape's label),
   * or draws them again.
   */
  showWords(shown: boolean): void;
}

const meshWriter = new BatchWriter();

/** The paints a node's mesh evaluates: lines and freehand ink have only their stroke's. */
function paintsOf(node: VectorNode): { fill: Paint | null; stroke: Paint | null } {
  const fill = drawsFill(node) ? node.fill : null;
  return { fill: fill === null || fill.type === "none" ? null : fill, stroke: node.stroke.paint };
}

/**
 * A vector node drawn as a mesh of its own in local units, with curves and anti-aliasing fringes
 * sized for the zoom times the scale its ancestors and own transform put on it (its container
 * carries transform, opacity and blend mode, so the mesh has none). Solid paints use the batch's
 * shader; gradients the paint shader. Null when it draws nothing.
 */
function shapeMesh(node: VectorNode, context: DrawContext): Container | null {
  const scale = context.worldScale();
  const { fill, stroke } = paintsOf(node);
  // Tiles first: rendering one draws its content through this same scratch writer.
  const tiles = patternTiles(fill, stroke, context, scale);
  const writer = meshWriter;
  writer.reset();
  const detail = {
    step: context.detail.step / scale,
    pixelsPerUnit: context.detail.pixelsPerUnit * scale,
  };
  encodeNode(writer, node, IDENTITY_MATRIX, detail, 1);
  const solid =
    (fill === null || fill.type === "solid") && (stroke === null || stroke.type === "solid");
  if (writer.indexCount === 0 || solid) {
    tiles.fill?.destroy(true);
    tiles.stroke?.destroy(true);
    return writer.indexCount === 0 ? null : createBatchMesh(writer);
  }
  return createPaintMesh(writer, fill, stroke, tiles);
}

/** The tiles of a node's pattern paints, rendered for the zoom and scale it is drawn at. */
function patternTiles(
  fill: Paint | null,
  stroke: Paint | null,
  context: DrawContext,
  scale: number,
): PaintTiles {
  const tiles = context.tiles;
  if (tiles == null || (fill?.type !== "pattern" && stroke?.type !== "pattern"))
    return { fill: null, stroke: null };
  const zoom = context.zoom ?? context.detail.pixelsPerUnit;
  const pixels = zoom * scale * (globalThis.devicePixelRatio || 1);
  return {
    fill: fill?.type === "pattern" ? tiles.render(fill, pixels) : null,
    stroke: stroke?.type === "pattern" ? tiles.render(stroke, pixels) : null,
  };
}

/**
 * A vector shape with a mesh of its own: one inside a small group or frame, drawn in the batch's
 * shader (`batched`), or one the batch cannot draw: a gradient or a blend mode other than normal.
 */
function shapeDisplay(type: SceneNode["type"], batched: boolean): Display {
  const object = new Container();
  let mesh: Container | null = null;
  // Analytic boxes are exact at every zoom: a new bucket need not rebuild them.
  let zoomed = false;
  const words = new LabelDisplay(object);
  object.on("destroyed", () => {
    mesh?.destroy();
    words.destroy();
  });
  return {
    type,
    object,
    host: null,
    get zoomDependent() {
      // Its words are set for the zoom too.
      return zoomed || words.shown;
    },
    batched,
    draw: (next, context) => {
      mesh?.destroy();
      mesh = null;
      zoomed = false;
      if (!isVectorNode(next) || isFrame(next)) return;
      // A pattern's tile is rendered for the zoom.
      zoomed = dependsOnZoom(next) || patternsOf(next).length > 0;
      mesh = shapeMesh(next, context);
      if (mesh !== null) {
        mesh.label = batched ? "batch" : "shape";
        object.addChild(mesh);
      }
      words.draw(next, context, mesh);
    },
    showWords: (shown) => words.show(shown),
  };
}

/**
 * A shape's label: a text object above the shape's mesh, its lines centred where the shape's
 * kind places them. Made when a label first appears and kept while it changes.
 */
class LabelDisplay {
  private text: Text | null = null;
  /** The style its text was last given (`setStyle`). */
  private given: string | null = null;
  /** The gap a line's words cut in the line: the mask its mesh is drawn through, inverted. */
  private gap: Graphics | null = null;
  /** What the gap is the inverse mask of, so taking the gap away unmasks it. */
  private cut: Container | null = null;
  private visible = true;

  constructor(private readonly owner: Container) {}

  /** Whether it has words to show. */
  get shown(): boolean {
    return this.text !== null;
  }

  /** `beneath`: the shape's own mesh, which a line's words cut a gap in. */
  draw(node: SceneNode, context: DrawContext, beneath: Container | null): void {
    const label = labelOf(node);
    const placement = kindOf(node).labelPlacement?.(node) ?? null;
    if (!hasLabel(label) || placement === null) {
      this.destroy();
      return;
    }
    const words = labelText(node, label, placement);
    this.text ??= new Text({ text: "" });
    const text = this.text;
    text.label = "label";
    text.text = words.content;
    this.given = setStyle(text, textStyleOf(words), this.given);
    text.resolution = textResolution(estimatedSide(words), context);
    const origin = labelOrigin(placement, { width: text.width, height: text.height });
    text.position.set(origin.x, origin.y);
    text.visible = this.visible;
    context.texts?.admit(text);
    // Last child: above the shape's own mesh.
    this.owner.addChild(text);
    // Along a line, the words are not struck through: the line is cut where they are, as the
    // export cuts it, over whatever lies beneath.
    const gap =
      placement.width === null && beneath !== null
        ? lineLabelGap(node, origin, { width: text.width, height: text.height })
        : null;
    if (gap !== null && beneath !== null) {
      this.gap ??= new Graphics();
      this.gap.clear();
      this.gap.rect(gap.minX, gap.minY, gap.maxX - gap.minX, gap.maxY - gap.minY);
      this.gap.fill({ color: 0xffffff });
      this.owner.addChild(this.gap);
      beneath.setMask({ mask: this.gap, inverse: true });
      this.cut = beneath;
    } else this.dropGap();
  }

  private dropGap(): void {
    if (this.cut !== null && this.cut.mask === this.gap) this.cut.mask = null;
    this.cut = null;
    this.gap?.destroy();
    this.gap = null;
  }

  show(shown: boolean): void {
    this.visible = shown;
    if (this.text !== null) this.text.visible = shown;
  }

  destroy(): void {
    this.text?.destroy();
    this.text = null;
    this.given = null;
    this.dropGap();
  }
}

/** A vector shape inside a group or frame drawn by a batch mesh of its own. */
export function batchDisplay(type: SceneNode["type"]): Display {
  return shapeDisplay(type, true);
}

export function applyCommon(object: Container, node: SceneNode): void {
  const m = toMatrix(node.transform);
  object.setFromMatrix(new Matrix(m.a, m.b, m.c, m.d, m.e, m.f));
  object.alpha = node.opacity;
  object.visible = !node.hidden;
  // PixiJS's type lists every mode of the model but hue, which `registerHslBlends` adds.
  object.blendMode = pixiBlendName(node.blendMode) as Container["blendMode"];
  object.label = node.id;
  // A group or frame composited as a whole carries its opacity and blend mode in its layer.
  if (object instanceof LayerHost) applyLayer(object, node);
}

/**
 * The display object of a node that is not drawn by its chunk's batch: a group's or frame's
 * container, text, an image, or a vector shape needing what the batch lacks (a gradient, a blend
 * mode), drawn by a mesh of its own. Shapes in small containers get a batch mesh of their own
 * (`batchDisplay`).
 */
export function createDisplay(node: SceneNode, images: ImageSource | null = null): Display {
  switch (kindOf(node).render.display) {
    case "container": {
      const object = new LayerHost();
      return {
        type: node.type,
        object,
        host: object,
        zoomDependent: false,
        batched: false,
        draw: () => {},
        showWords: () => {},
      };
    }
    case "frame":
      return frameDisplay();
    case "text":
      return textDisplay();
    case "image":
      return imageDisplay(images);
    case "shape":
      return shapeDisplay(node.type, false);
  }
}

/** A frame: its background (fill and stroke) under its children, which it may clip. */
function frameDisplay(): Display {
  const object = new LayerHost();
  const content = new Container();
  const mask = new Graphics();
  let background: Container | null = null;
  let zoomed = false;
  object.addChild(content, mask);
  object.on("destroyed", () => background?.destroy());
  return {
    type: "frame",
    object,
    host: content,
    get zoomDependent() {
      return zoomed;
    },
    batched: false,
    draw(next, context) {
      if (!isFrame(next)) return;
      zoomed = dependsOnZoom(next) || patternsOf(next).length > 0;
      background?.destroy();
      background = shapeMesh(next, context);
      if (background !== null) object.addChildAt(background, 0);
      mask.clear().rect(0, 0, next.width, next.height).fill({ color: 0xffffff });
      content.mask = next.clip ? mask : null;
      mask.visible = next.clip;
    },
    showWords: () => {},
  };
}

/** The largest side, in device pixels, a text is set at: far below any GPU's texture limit. */
const MAX_TEXT_PIXELS = 4096;

/**
 * The resolution a text is set at: the device pixels a unit of it covers at the zoom drawn for,
 * so zoomed in it stays sharp; zoomed out, the screen's own (set smaller, it would only blur).
 */
function textResolution(side: number, context: DrawContext): number {
  const device = globalThis.devicePixelRatio || 1;
  const wanted = Math.max(device, context.detail.pixelsPerUnit * context.worldScale() * device);
  return Math.max(device, Math.min(wanted, MAX_TEXT_PIXELS / Math.max(side, 1)));
}

/** The longest side of a text, estimated from its content: measuring it here would set it. */
function estimatedSide(node: TextNode): number {
  const box = kindOf(node).localBounds(node);
  return box === null ? 1 : Math.max(box.maxX - box.minX, box.maxY - box.minY);
}

/**
 * A text: its glyphs filled, and where it has a stroke, outlined by a second text over them (as
 * SVG paints a stroke over the fill; PixiJS would stroke beneath its own fill, hiding half). A
 * gradient or pattern is drawn as the paint shader draws it on shapes, over the text's box,
 * through the glyphs (their text, in white, is its mask).
 */
function textDisplay(): Display {
  const object = new Container();
  const fill = new PaintedText(object);
  const stroke = new PaintedText(object);
  return {
    type: "text",
    object,
    host: null,
    // Set anew for each zoom bucket, to stay sharp.
    zoomDependent: true,
    batched: false,
    draw(next, context) {
      const node = next as TextNode;
      const resolution = textResolution(estimatedSide(node), context);
      const style = textStyleOf(node);
      fill.draw(node, { ...style, fill: [1, 1, 1, 1] }, textFillOf(node), 0, resolution, context);
      const outline = textStrokeOf(node);
      if (outline === null) stroke.clear();
      else
        stroke.draw(
          node,
          { ...style, fill: [0, 0, 0, 0], stroke: { ...outline, color: [1, 1, 1, 1] } },
          node.stroke.paint,
          outline.width / 2,
          resolution,
          context,
        );
    },
    showWords: (shown) => {
      object.renderable = shown;
    },
  };
}

/**
 * One of a text's paints: a text object set in it (a solid colour), or a paint mesh over the
 * text's box shown through a white copy of the text (a gradient or pattern).
 */
class PaintedText {
  private text: Text | null = null;
  /** The style its text was last given (`setStyle`). */
  private given: string | null = null;
  /** A gradient or pattern: its mesh, and the glyphs it is seen through (a sprite: a mask). */
  private mesh: Container | null = null;
  private glyphs: Sprite | null = null;

  constructor(private readonly owner: Container) {}

  /**
   * `style` sets the glyphs in white (fill or stroke); `pad` is how far PixiJS sets them in from
   * the text object's corner (half a stroke's width).
   */
  draw(
    node: TextNode,
    style: TextStyleOptions,
    paint: Paint | null,
    pad: number,
    resolution: number,
    context: DrawContext,
  ): void {
    this.dropPaint();
    if (paint === null) {
      this.clear();
      return;
    }
    if (paint.type !== "solid" && this.drawPainted(node, style, paint, pad, resolution, context)) {
      this.text?.destroy();
      this.text = null;
      this.given = null;
      return;
    }
    this.text ??= this.owner.addChild(new Text({ text: "" }));
    const text = this.text;
    text.text = node.content;
    text.resolution = resolution;
    text.position.set(-pad, -pad);
    // A paint the glyphs cannot show here (no canvas to set them in) is their first colour.
    const colour = colorOf(paint.type === "solid" ? paint.color : firstColor(paint));
    this.given = setStyle(text, recoloured(style, colour, pad > 0), this.given);
    context.texts?.admit(text);
  }

  /**
   * The paint over the text's box (a stroke's reaches past it by the pad), seen through the
   * glyphs set in white on a canvas of their own (PixiJS masks with sprites, not texts). False
   * where no canvas sets them (a worker, Node).
   */
  private drawPainted(
    node: TextNode,
    style: TextStyleOptions,
    paint: Paint,
    pad: number,
    resolution: number,
    context: DrawContext,
  ): boolean {
    let texture: Texture;
    try {
      const { canvasAndContext, frame } = CanvasTextGenerator.getCanvasAndContext({
        text: node.content,
        style: new TextStyle(style),
        resolution,
      });
      const canvas = document.createElement("canvas");
      canvas.width = Math.max(1, frame.width);
      canvas.height = Math.max(1, frame.height);
      canvas.getContext("2d")!.drawImage(canvasAndContext.canvas as CanvasImageSource, 0, 0);
      CanvasTextGenerator.returnCanvasAndContext(canvasAndContext);
      texture = Texture.from(canvas);
    } catch {
      return false;
    }
    const glyphs = new Sprite(texture);
    glyphs.scale.set(1 / resolution);
    glyphs.position.set(-pad, -pad);
    // The box is drawn from its own corner, so the paint moves with it.
    const box = makeNode<RectNode>("rect", "", "", "", {
      width: Math.max(1e-6, glyphs.width),
      height: Math.max(1e-6, glyphs.height),
      radii: [0, 0, 0, 0],
      fill: mappedPaint(paint, { a: 1, b: 0, c: 0, d: 1, e: pad, f: pad }),
      stroke: NO_STROKE,
    });
    const mesh = shapeMesh(box, context);
    if (mesh === null) {
      glyphs.destroy(true);
      return true;
    }
    mesh.position.set(-pad, -pad);
    this.owner.addChild(mesh, glyphs);
    mesh.mask = glyphs;
    this.mesh = mesh;
    this.glyphs = glyphs;
    return true;
  }

  clear(): void {
    this.dropPaint();
    this.text?.destroy();
    this.text = null;
    this.given = null;
  }

  private dropPaint(): void {
    if (this.mesh !== null) this.mesh.mask = null;
    this.mesh?.destroy();
    this.mesh = null;
    this.glyphs?.destroy(true);
    this.glyphs = null;
  }
}

/** The first colour of a gradient or pattern, where only a colour will do. */
function firstColor(paint: Paint): RGBA {
  if (paint.type === "solid") return paint.color;
  if (paint.type === "pattern") return patternColor(paint);
  return paint.stops[0]?.color ?? { r: 0, g: 0, b: 0, a: 1 };
}

/**
 * Gives `text` the style unless `given`, the style it was last given as JSON, is equal; returns
 * the style as JSON. PixiJS keys a text's glyphs by its style object, so each new object, however
 * alike, has them set on a canvas and uploaded again: a drag redraws every shape it moves, and
 * every label moved would cost that at every step (and wait for a frame with room, `TextPacer`).
 */
function setStyle(text: Text, style: TextStyleOptions, given: string | null): string {
  const key = JSON.stringify(style);
  if (key !== given) text.style = style;
  return key;
}

/** A white text style set in a colour instead: its fill, or its stroke. */
function recoloured(
  style: TextStyleOptions,
  colour: [number, number, number, number],
  stroked: boolean,
): TextStyleOptions {
  if (!stroked) return { ...style, fill: colour };
  return { ...style, stroke: { ...(style.stroke as object), color: colour } };
}

/** A text's fill paint, or null for none. */
function textFillOf(node: TextNode): Paint | null {
  return node.fill.type === "none" ? null : node.fill;
}

/** A text's stroke as PixiJS strokes text (its paint apart), or none. */
function textStrokeOf(node: TextNode): {
  width: number;
  join: LineJoin;
  miterLimit: number;
} | null {
  if (node.stroke.paint === null || !(node.stroke.width > 0)) return null;
  return { width: node.stroke.width, join: node.stroke.join, miterLimit: node.stroke.miterLimit };
}

function textStyleOf(node: TextNode): TextStyleOptions {
  return {
    fontFamily: resolvedFamilies(node.fontFamily),
    fontSize: node.fontSize,
    fontWeight: String(node.fontWeight) as "400",
    fontStyle: node.fontStyle,
    align: node.align === "justify" ? "justify" : node.align,
    lineHeight: node.fontSize * node.lineHeight,
    wordWrap: node.width !== null,
    wordWrapWidth: node.width ?? 0,
    // A word wider than the box is broken, as the editing field (a textarea) breaks it.
    breakWords: node.width !== null,
    fill:
      node.fill.type === "solid"
        ? colorOf(node.fill.color)
        : node.fill.type === "none"
          ? [0, 0, 0, 0]
          : [0, 0, 0, 1],
  };
}

/**
 * The size a text's display takes on the canvas, in its own units: measured as PixiJS's `Text`
 * measures itself, so the editing field can match what the canvas draws.
 */
export function measureTextNode(node: TextNode): { width: number; height: number } {
  const { width, height } = CanvasTextMetrics.measureText(
    node.content,
    new TextStyle(textStyleOf(node)),
  );
  return { width, height };
}

/** Images need the store for their data; the sprite shows the bitmap once it has decoded. */
function imageDisplay(images: ImageSource | null): Display {
  const object = new Sprite(Texture.EMPTY);
  let source: string | null = null;
  return {
    type: "image",
    object,
    host: null,
    zoomDependent: false,
    batched: false,
    draw(next) {
      const node = next as ImageNode;
      object.width = node.width;
      object.height = node.height;
      if (source === node.blob) return;
      source = node.blob;
      images?.load(node, (texture) => {
        if (source !== node.blob || object.destroyed) return;
        object.texture = texture;
        object.width = node.width;
        object.height = node.height;
      });
    },
    showWords: () => {},
  };
}

/**
 * Where image nodes get their texture (the document's blob records). One per renderer, not one
 * per page: a source keyed to a document must go with that document's renderer.
 */
export interface ImageSource {
  load(node: ImageNode, done: (texture: Texture) => void): void;
  /** Whether a picture asked for is still being decoded (the view is not yet what it will be). */
  readonly decoding: boolean;
  /** Frees the textures; `load` calls still decoding never call back. */
  dispose(): void;
}
