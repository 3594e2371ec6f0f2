import { isSceneNode, type Fill, type Id, type SceneNode, type Stroke } from "../doc/types";
import { PICK_TOLERANCE_PX } from "./selectTool";
import type { Tool, ToolContext, ToolKey, ToolPointer } from "./types";

const LABEL = "Apply style";

type StyledNode = Extract<SceneNode, { fill: Fill; stroke: Stroke }>;

function isStyled(node: SceneNode): node is StyledNode {
  return "fill" in node && "stroke" in node;
}

/**
 * Eyedropper (I): click a shape to take its fill and stroke as the style for new shapes. As in
 * Figma, when shapes are selected the picked style is also applied to them (one undo step), so
 * "select, I, click" recolours the selection (Shift is not needed). An image or group has no style
 * to take: the click does nothing. After a pick the tool returns to Select
 * unless keep-tool is on.
 */
export class EyedropperTool implements Tool {
  readonly id = "eyedropper" as const;

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return "idle";
  }
  get busy(): boolean {
    return false;
  }
  get cursor(): string {
    return "copy";
  }

  pointer(e: ToolPointer): void {
    if (e.phase === "move" && e.buttons === 0) {
      this.ctx.overlays.setHover(this.pickStyled(e));
      return;
    }
    if (e.phase !== "down" || e.button !== 0) return;
    const id = this.pickStyled(e);
    if (id === null) return;
    const source = this.ctx.editor.store.get(id);
    if (!isSceneNode(source) || !isStyled(source)) return;
    this.ctx.settings.update({ fill: source.fill, stroke: source.stroke });
    this.applyToSelection(source, id);
    this.ctx.overlays.setHover(null);
    this.ctx.done();
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  cancel(): void {}

  deactivate(): void {
    this.ctx.overlays.setHover(null);
  }

  private pickStyled(e: ToolPointer): Id | null {
    const id = this.ctx.scene.pick(e.world, PICK_TOLERANCE_PX / this.ctx.camera.zoom, {
      deep: true,
    });
    const node = id === null ? undefined : this.ctx.editor.store.get(id);
    return isSceneNode(node) && isStyled(node) ? id : null;
  }

  private applyToSelection(source: StyledNode, sourceId: Id): void {
    const store = this.ctx.editor.store;
    const targets = store.selection.filter((id) => id !== sourceId);
    if (targets.length === 0 || store.readOnly) return;
    store.transact(LABEL, (tx) => {
      for (const id of targets) {
        const node = tx.get(id);
        if (!isSceneNode(node) || !isStyled(node) || node.locked) continue;
        tx.put({ ...node, fill: source.fill, stroke: source.stroke });
      }
    });
    this.ctx.invalidate();
  }
}
