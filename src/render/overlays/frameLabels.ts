import { Container, Text } from "pixi.js";
import { worldMatrix } from "../../doc/commands";
import type { Commit } from "../../doc/store";
import { apply } from "../../doc/transform";
import { type DocRecord, type Id } from "../../doc/types";
import type { CameraState } from "../camera";
import type { NodeSource } from "./geometry";
import type { Point } from "../../math/point";
import { isFrame } from "../../shapes/frame";

/** Screen pixels between a frame's top edge and the bottom of its label. */
export const LABEL_GAP = 4;
export const LABEL_FONT_SIZE = 11;
/** Label ink: readable on the light and the dark canvas alike. */
export const LABEL_INK = 0x7a7a80;

/** A label as last drawn: where it is on the screen, and the frame it names. */
export interface LabelBox {
  readonly id: Id;
  readonly x: number;
  readonly y: number;
  readonly width: number;
  readonly height: number;
}

/** The name a frame's label shows: its own, or what the layers panel would call it. */
export function frameLabelText(record: DocRecord | undefined): string {
  if (!isFrame(record)) return "";
  return record.name.trim() === "" ? "Frame" : record.name;
}

/**
 * Where a label goes on the screen: its bottom-left corner a few pixels above the frame's own
 * top-left corner (upright whatever the frame's turn, as the label must stay readable).
 */
export function labelAnchor(source: NodeSource, id: Id, view: CameraState): Point | null {
  const record = source.get(id);
  if (!isFrame(record)) return null;
  const corner = apply(worldMatrix(source, id), { x: 0, y: 0 });
  if (!Number.isFinite(corner.x) || !Number.isFinite(corner.y)) return null;
  return {
    x: corner.x * view.zoom + view.x,
    y: corner.y * view.zoom + view.y - LABEL_GAP,
  };
}

/** The topmost label under a screen point: the last drawn wins, as it is drawn over the rest. */
export function labelAt(boxes: readonly LabelBox[], at: Point): Id | null {
  for (let i = boxes.length - 1; i >= 0; i--) {
    const b = boxes[i]!;
    if (at.x >= b.x && at.x <= b.x + b.width && at.y >= b.y && at.y <= b.y + b.height) return b.id;
  }
  return null;
}

/**
 * The names of the page's top-level frames, drawn in screen pixels above each frame, as Figma
 * shows artboards. Only top-level frames are labelled (a frame inside another is content). The
 * set of them is kept from commits, so a camera move costs the frames, not the page.
 */
export class FrameLabels {
  readonly layer = new Container({ label: "frame-labels" });
  private readonly texts: Text[] = [];
  private page: Id | null = null;
  /** Top-level frames of `page`, in no particular order (drawn in the page's order). */
  private frames = new Set<Id>();
  private boxes: LabelBox[] = [];

  constructor(
    private readonly source: NodeSource,
    private readonly pageId: () => Id | null,
  ) {}

  /** Labels' screen boxes as last drawn, bottom to top. */
  get drawn(): readonly LabelBox[] {
    return this.boxes;
  }

  hit(at: Point): Id | null {
    return labelAt(this.boxes, at);
  }

  /** Whether a commit changes which frames are labelled or what a label shows or where. */
  committed(commit: Commit): boolean {
    if (this.page === null) return false;
    let touched = false;
    for (const { id, before, after } of commit.patch.changes) {
      const was = isFrame(before) && before.parent === this.page;
      const is = isFrame(after) && after.parent === this.page;
      if (is) this.frames.add(id);
      else this.frames.delete(id);
      touched ||= was || is;
    }
    return touched;
  }

  /** Forgets the frame set: after a page switch or anything else commits cannot say. */
  reset(): void {
    this.page = null;
  }

  draw(view: CameraState, selection: readonly Id[]): void {
    const page = this.pageId();
    if (page !== this.page) {
      this.page = page;
      this.frames = new Set(
        page === null
          ? []
          : this.source
              .childrenOf(page)
              .filter(isFrame)
              .map((n) => n.id),
      );
    }
    // Back to front, as the page paints them, so the topmost frame's label is drawn (and hit) last.
    const ordered = [...this.frames]
      .flatMap((id) => {
        const record = this.source.get(id);
        return isFrame(record) ? [record] : [];
      })
      .sort((a, b) => (a.index < b.index ? -1 : a.index > b.index ? 1 : a.id < b.id ? -1 : 1));
    const selected = new Set(selection);
    const boxes: LabelBox[] = [];
    let used = 0;
    for (const frame of ordered) {
      if (frame.hidden) continue;
      const anchor = labelAnchor(this.source, frame.id, view);
      if (anchor === null) continue;
      const text = this.text(used++);
      const content = frameLabelText(frame);
      if (text.text !== content) text.text = content;
      text.style.fill = selected.has(frame.id) ? 0x2563eb : LABEL_INK;
      text.visible = true;
      const x = Math.round(anchor.x);
      const y = Math.round(anchor.y - text.height);
      text.position.set(x, y);
      // A locked frame keeps its name on the canvas but cannot be taken by it.
      if (!frame.locked) boxes.push({ id: frame.id, x, y, width: text.width, height: text.height });
    }
    for (let i = used; i < this.texts.length; i++) this.texts[i]!.visible = false;
    this.boxes = boxes;
  }

  /** Texts are kept between redraws: a new Text means a new texture upload. */
  private text(i: number): Text {
    let text = this.texts[i];
    if (text === undefined) {
      text = new Text({
        text: "",
        style: { fontFamily: "Inter, sans-serif", fontSize: LABEL_FONT_SIZE, fill: LABEL_INK },
      });
      this.texts.push(text);
      this.layer.addChild(text);
    }
    return text;
  }
}
