import { Container, Filter, GlProgram } from "pixi.js";
import { NO_STROKE } from "../doc/factory";
import type { Fill, Id, MaskKind, SceneNode } from "../doc/types";
import { isFrame } from "../shapes/frame";
import { isGroup } from "../shapes/group";
import { applyCommon, createDisplay, type DrawContext, type ImageSource } from "./displays";
import { LayerHost, setGroupMask } from "./groupLayers";
import { clipMaskToView } from "./maskClip";
import { FILTER_VERTEX } from "./filterVertex";

/**
 * Masked groups on the canvas. A group whose `mask` is set is masked by its first child: that
 * child's display is left undrawn, and a drawing of it made for the mask (white fill geometry
 * for an outline, its own look for alpha, its luminance as alpha for luminance) masks the
 * group's display through PixiJS's alpha mask. The drawing is made from the store's nodes, apart
 * from the displays the renderer keeps, and made again whenever something under the group
 * changes or the zoom's detail does.
 */

/** How deep groups inside a mask are followed; the document's own limit is lower. */
const MAX_MASK_DEPTH = 256;

const WHITE: Fill = { type: "solid", color: { r: 1, g: 1, b: 1, a: 1 } };

/** The kind of mask a node is, as a group masked by its first child; null for any other node. */
export function maskOf(node: SceneNode | undefined): MaskKind | null {
  return node !== undefined && isGroup(node) && node.mask !== undefined ? node.mask : null;
}

/**
 * A node as a mask of `kind` draws it. An outline is where the shapes' fill geometry lies,
 * whatever their paint, stroke, opacity or blend mode (an SVG clip path): each shape filled with
 * opaque white and not stroked; a frame's background counts only where it has one.
 */
export function asMaskContent(node: SceneNode, kind: MaskKind): SceneNode {
  if (kind !== "outline") return node;
  const plain = { ...node, opacity: 1, blendMode: "normal" } as SceneNode;
  if (!("fill" in plain)) return plain;
  const fill = isFrame(plain) && plain.fill.type === "none" ? plain.fill : WHITE;
  return { ...plain, fill, stroke: NO_STROKE } as SceneNode;
}

/** What a mask's drawing is made from: the store's nodes and how each is drawn at the zoom. */
export interface MaskScene {
  childrenOf(id: Id): readonly SceneNode[];
  context(id: Id): DrawContext;
  readonly images: ImageSource | null;
}

/**
 * The drawing that masks `group` by its first child `source`, in the group's units; luminance
 * is turned into alpha by a filter over the whole drawing (premultiplied colour, so the mask is
 * the luminance times the opacity, as SVG's luminance mask is).
 */
export function maskDrawing(scene: MaskScene, kind: MaskKind, source: SceneNode): Container {
  const root = new Container();
  root.label = "mask";
  const content = drawn(scene, source, kind, 0);
  let luminance: Container | null = null;
  if (kind !== "luminance") root.addChild(content);
  else {
    // On a container of its own: PixiJS leaves a mask itself unmeasured, and a filter on an
    // unmeasured container is skipped.
    luminance = new Container();
    luminance.filters = [luminanceToAlpha()];
    luminance.addChild(content);
    root.addChild(luminance);
  }
  // Only what is seen of it is drawn, so a deep zoom never asks for a texture past the GPU's.
  clipMaskToView(root, luminance);
  return root;
}

/** A node and what it holds as a mask of `kind` draws them; inner masked groups masked too. */
function drawn(scene: MaskScene, node: SceneNode, kind: MaskKind, depth: number): Container {
  const shown = asMaskContent(node, kind);
  const display = createDisplay(shown, scene.images);
  display.draw(shown, scene.context(node.id));
  applyCommon(display.object, shown);
  const host = display.host;
  if (host === null || depth >= MAX_MASK_DEPTH) return display.object;
  const children = scene.childrenOf(node.id);
  const inner = maskOf(node);
  children.forEach((child, i) => {
    if (inner !== null && i === 0) return;
    host.addChild(drawn(scene, child, kind, depth + 1));
  });
  const first = children[0];
  if (inner !== null && first !== undefined && display.object instanceof LayerHost) {
    setGroupMask(display.object, maskDrawing(scene, inner, first));
  }
  return display.object;
}

/** sRGB luminance of premultiplied colour (luminance × alpha) into every channel. */
const LUMINANCE_FRAGMENT = `in vec2 vTextureCoord;
out vec4 finalColor;
uniform sampler2D uTexture;
void main(void) {
  vec4 c = texture(uTexture, vTextureCoord);
  float l = clamp(dot(c.rgb, vec3(0.2125, 0.7154, 0.0721)), 0.0, 1.0);
  finalColor = vec4(l);
}`;

function luminanceToAlpha(): Filter {
  // GlProgram.from keeps one program per source, so masks share it.
  const glProgram = GlProgram.from({
    vertex: FILTER_VERTEX,
    fragment: LUMINANCE_FRAGMENT,
    name: "linework-luminance-mask",
  });
  // Not cut to the viewport: inside a mask's texture the viewport is not the page's.
  return new Filter({
    glProgram,
    resources: {},
    resolution: "inherit",
    clipToViewport: false,
  });
}

/** The state of one masked group's display: the child that masks it, left undrawn. */
export interface MaskState {
  readonly source: Id | null;
}

/**
 * Brings a group's display in line with its node: masked by a drawing of its first child, that
 * child's own display undrawn, or unmasked with every child drawn. `displayOf` finds the
 * renderer's display objects; returns the state to keep, null when unmasked.
 */
export function refreshGroupMask(
  scene: MaskScene,
  group: SceneNode,
  object: LayerHost,
  previous: MaskState | null,
  displayOf: (id: Id) => Container | null,
): MaskState | null {
  if (previous?.source != null) {
    const before = displayOf(previous.source);
    if (before !== null) before.renderable = true;
  }
  const kind = maskOf(group);
  const first = scene.childrenOf(group.id)[0];
  if (kind === null || first === undefined) {
    setGroupMask(object, null);
    return null;
  }
  const own = displayOf(first.id);
  if (own !== null) own.renderable = false;
  setGroupMask(object, maskDrawing(scene, kind, first));
  return { source: first.id };
}
