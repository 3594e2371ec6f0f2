import { Container, Graphics, Matrix, Sprite, Text, Texture } from "pixi.js";
import { IDENTITY_MATRIX, toMatrix } from "../doc/transform";
import type { FreehandNode, ImageNode, SceneNode, TextNode } from "../doc/types";
import { encodeNode, isBatchable, type Detail } from "./batch/encode";
import { createBatchMesh } from "./batch/chunkMesh";
import { BatchWriter } from "./batch/writer";
import { colorOf, strokeInput } from "./paint";
import { drawVector } from "./shapes";

/** What a display needs to know to draw a node at the camera's zoom. */
export interface DrawContext {
  /** The detail of the zoom bucket drawn for. */
  readonly detail: Detail;
  /** How much the node's ancestors and own transform scale it (its world matrix's scale). */
  worldScale(): number;
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
}

const nestedWriter = new BatchWriter();

/**
 * A vector shape inside a group or frame drawn by a batch mesh of its own in local units, with
 * curves and anti-aliasing fringes sized for the zoom times the scale its ancestors and own
 * transform put on it (the container carries transform and opacity, so the mesh has none).
 */
export function batchDisplay(type: SceneNode["type"]): Display {
  const object = new Container();
  let mesh: Container | null = null;
  object.on("destroyed", () => mesh?.destroy());
  return {
    type,
    object,
    host: null,
    zoomDependent: true,
    batched: true,
    draw: (next, context) => {
      mesh?.destroy();
      mesh = null;
      if (!isBatchable(next)) return;
      const scale = context.worldScale();
      const writer = nestedWriter;
      writer.reset();
      encodeNode(writer, { ...next, opacity: 1 }, IDENTITY_MATRIX, {
        step: context.detail.step / scale,
        pixelsPerUnit: context.detail.pixelsPerUnit * scale,
      });
      if (writer.indexCount === 0) return;
      mesh = createBatchMesh(writer);
      mesh.label = "batch";
      object.addChild(mesh);
    },
  };
}

export function applyCommon(object: Container, node: SceneNode): void {
  const m = toMatrix(node.transform);
  object.setFromMatrix(new Matrix(m.a, m.b, m.c, m.d, m.e, m.f));
  object.alpha = node.opacity;
  object.visible = !node.hidden;
  // PixiJS has every mode of the model but hue; until the renderer gains its own, hue draws as
  // the closest one it has (colour keeps hue and saturation from the top layer too).
  object.blendMode = node.blendMode === "hue" ? "color" : node.blendMode;
  object.label = node.id;
}

/**
 * The display object of a node that is not drawn by its chunk's batch: a group's or frame's
 * container, text, an image, or a vector shape needing what the batch lacks. Shapes in small
 * containers get a batch mesh of their own (`batchDisplay`).
 */
export function createDisplay(node: SceneNode): Display {
  switch (node.type) {
    case "group": {
      const object = new Container();
      return {
        type: node.type,
        object,
        host: object,
        zoomDependent: false,
        batched: false,
        draw: () => {},
      };
    }
    case "frame": {
      const object = new Container();
      const background = new Graphics();
      const content = new Container();
      const mask = new Graphics();
      object.addChild(background, content, mask);
      return {
        type: node.type,
        object,
        host: content,
        zoomDependent: false,
        batched: false,
        draw(next) {
          if (next.type !== "frame") return;
          drawVector(background, next);
          mask.clear().rect(0, 0, next.width, next.height).fill({ color: 0xffffff });
          content.mask = next.clip ? mask : null;
          mask.visible = next.clip;
        },
      };
    }
    case "text":
      return textDisplay();
    case "image":
      return imageDisplay();
    case "freehand": {
      const object = new Graphics();
      return {
        type: node.type,
        object,
        host: null,
        zoomDependent: false,
        batched: false,
        draw: (next) => drawFreehand(object, next as FreehandNode),
      };
    }
    default: {
      const object = new Graphics();
      return {
        type: node.type,
        object,
        host: null,
        zoomDependent: false,
        batched: false,
        draw(next) {
          if (
            next.type === "group" ||
            next.type === "text" ||
            next.type === "image" ||
            next.type === "freehand"
          )
            return;
          drawVector(object, next);
        },
      };
    }
  }
}

function drawFreehand(g: Graphics, node: FreehandNode): void {
  g.clear();
  const stroke = strokeInput({
    ...node.stroke,
    width: node.settings.size,
    cap: "round",
    join: "round",
  });
  if (stroke === null || node.points.length < 3) return;
  g.moveTo(node.points[0]!, node.points[1]!);
  for (let i = 3; i < node.points.length; i += 3) g.lineTo(node.points[i]!, node.points[i + 1]!);
  if (node.points.length === 3) g.lineTo(node.points[0]! + 0.01, node.points[1]!);
  g.stroke(stroke);
}

function textDisplay(): Display {
  const object = new Text({ text: "" });
  return {
    type: "text",
    object,
    host: null,
    zoomDependent: false,
    batched: false,
    draw(next) {
      const node = next as TextNode;
      object.text = node.content;
      object.style = {
        fontFamily: node.fontFamily,
        fontSize: node.fontSize,
        fontWeight: String(node.fontWeight) as "400",
        fontStyle: node.fontStyle,
        align: node.align === "justify" ? "justify" : node.align,
        lineHeight: node.fontSize * node.lineHeight,
        wordWrap: node.width !== null,
        wordWrapWidth: node.width ?? 0,
        fill: node.fill.type === "solid" ? colorOf(node.fill.color) : [0, 0, 0, 1],
      };
    },
  };
}

/** Images need the store for their data; the sprite shows the bitmap once it has decoded. */
function imageDisplay(): Display {
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
      imageLoader?.(node, (texture) => {
        if (source !== node.blob || object.destroyed) return;
        object.texture = texture;
        object.width = node.width;
        object.height = node.height;
      });
    },
  };
}

type ImageLoader = (node: ImageNode, done: (texture: Texture) => void) => void;
let imageLoader: ImageLoader | null = null;

/** Sets how image nodes get their texture (from the store's blob records). */
export function setImageLoader(loader: ImageLoader | null): void {
  imageLoader = loader;
}
