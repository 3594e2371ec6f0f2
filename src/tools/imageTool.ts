import { addNodes } from "../doc/commands";
import { makeNode } from "../shapes/makeNode";
import { newId } from "../doc/ids";
import { IDENTITY_TRANSFORM, type Matrix } from "../doc/transform";
import type { BlobRecord, Id, ImageNode } from "../doc/types";

import { DRAG_THRESHOLD_PX } from "./controller";
import { drawingParent, parentInverse, toLocal } from "./drawing";
import type { PickedImage, Tool, ToolContext, ToolKey, ToolPointer } from "./types";
import type { Point } from "../math/point";
import { isImage } from "../shapes/image";

const LABEL = "Place image";

type State =
  | { readonly name: "idle" }
  /** The file picker is open. */
  | { readonly name: "requesting"; readonly request: number }
  /** An image is loaded: the next click or drag places it. */
  | { readonly name: "ready"; readonly image: PickedImage }
  | {
      readonly name: "placing";
      readonly image: PickedImage;
      readonly id: Id;
      readonly anchor: Point;
      readonly toParent: Matrix;
      readonly startScreen: Point;
      dragged: boolean;
    };

/**
 * Image (Ctrl+Shift+K): switching to the tool opens the file picker; then a click places the
 * image at its natural size centred on the click, or a drag from one corner sets its width with
 * the aspect ratio kept. The image data and the image are added in one transaction, one undo step.
 * Esc (or cancelling the picker) goes back to Select with nothing added.
 */
export class ImageTool implements Tool {
  readonly id = "image" as const;
  readonly placement = "drag" as const;
  private current: State = { name: "idle" };
  private requests = 0;
  /** Whether the tool has been ticked since it was last switched to. */
  private active = false;

  constructor(private readonly ctx: ToolContext) {}

  get state(): string {
    return this.current.name;
  }
  get busy(): boolean {
    return this.current.name !== "idle";
  }
  get cursor(): string {
    return this.current.name === "requesting" ? "progress" : "crosshair";
  }

  pointer(e: ToolPointer): void {
    const s = this.current;
    if (e.phase === "cancel") return this.cancel();
    if (s.name === "ready") {
      if (e.phase === "down" && e.button === 0) this.begin(s.image, e);
      return;
    }
    if (s.name !== "placing") return;
    if (e.phase === "move" || e.phase === "up") {
      if (
        Math.hypot(e.screen.x - s.startScreen.x, e.screen.y - s.startScreen.y) >= DRAG_THRESHOLD_PX
      )
        s.dragged = true;
      if (s.dragged) this.resize(s, toLocal(s.toParent, e.world));
    }
    if (e.phase === "up") this.commit(s.image);
  }

  key(_press: ToolKey): boolean {
    return false;
  }

  /**
   * The first tick after the switch opens the file picker. The controller ticks only the active
   * tool, so tools of documents no longer open never ask.
   */
  tick(): void {
    if (this.active) return;
    this.active = true;
    this.activate();
  }

  /** Esc: drops the image (and a placement under way) and goes back to Select. */
  cancel(): void {
    if (this.current.name === "idle") return;
    this.drop();
    if (this.ctx.settings.get().tool === this.id) this.ctx.setTool("select");
  }

  deactivate(): void {
    this.active = false;
    this.drop();
  }

  private activate(): void {
    const request = ++this.requests;
    this.current = { name: "requesting", request };
    void this.ctx.requestImage().then(
      (image) => this.picked(request, image),
      () => this.picked(request, null),
    );
  }

  private picked(request: number, image: PickedImage | null): void {
    const s = this.current;
    if (s.name !== "requesting" || s.request !== request) return;
    if (image === null || !(image.width > 0) || !(image.height > 0)) {
      this.current = { name: "idle" };
      if (this.ctx.settings.get().tool === this.id) this.ctx.setTool("select");
      return;
    }
    this.current = { name: "ready", image };
    this.ctx.invalidate();
  }

  private begin(image: PickedImage, e: ToolPointer): void {
    const store = this.ctx.editor.store;
    if (store.readOnly) return;
    const parent = drawingParent(this.ctx, e.world);
    const toParent = parentInverse(this.ctx, parent);
    const anchor = toLocal(toParent, e.world);
    const id = newId();
    const blob: BlobRecord = { id: newId(), type: "blob", mime: image.mime, data: image.data };
    this.ctx.editor.history.beginGesture(LABEL);
    store.transact(LABEL, (tx) => {
      tx.put(blob);
      addNodes(tx, parent, [
        makeNode<ImageNode>("image", id, parent, "", {
          name: image.name,
          blob: blob.id,
          naturalWidth: image.width,
          naturalHeight: image.height,
          width: image.width,
          height: image.height,
          transform: {
            ...IDENTITY_TRANSFORM,
            x: anchor.x - image.width / 2,
            y: anchor.y - image.height / 2,
          },
        }),
      ]);
      tx.select([id]);
    });
    this.current = {
      name: "placing",
      image,
      id,
      anchor,
      toParent,
      startScreen: e.screen,
      dragged: false,
    };
  }

  /** A drag from the anchor: its width (or height, whichever is larger in proportion) sets the size. */
  private resize(s: Extract<State, { name: "placing" }>, to: Point): void {
    const aspect = s.image.width / s.image.height;
    const dx = to.x - s.anchor.x;
    const dy = to.y - s.anchor.y;
    const width = Math.max(Math.abs(dx), Math.abs(dy) * aspect, 1);
    const height = width / aspect;
    const x = dx < 0 ? s.anchor.x - width : s.anchor.x;
    const y = dy < 0 ? s.anchor.y - height : s.anchor.y;
    this.ctx.editor.store.transact(LABEL, (tx) => {
      const node = tx.get(s.id);
      if (isImage(node)) tx.put({ ...node, width, height, transform: { ...node.transform, x, y } });
    });
    this.ctx.invalidate();
  }

  private commit(image: PickedImage): void {
    this.current = { name: "idle" };
    this.ctx.editor.history.endGesture();
    this.ctx.invalidate();
    this.ctx.done();
    // With keep-tool on, the same image can be placed again.
    if (this.ctx.settings.get().tool === this.id) this.current = { name: "ready", image };
  }

  private drop(): void {
    if (this.current.name === "placing") this.ctx.editor.history.cancelGesture();
    this.current = { name: "idle" };
    this.ctx.invalidate();
  }
}
