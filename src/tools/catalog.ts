import type { KeyBinding } from "../editing/commands";
import { TOOL_IDS, type ToolId } from "../editing/settings";
import type { ToolFactory } from "./controller";
import { EraserTool } from "./eraserTool";
import { EyedropperTool } from "./eyedropperTool";
import { GradientTool } from "./gradientTool";
import { HandTool } from "./handTool";
import { ImageTool } from "./imageTool";
import { LineTool } from "./lineTool";
import { PathTool } from "./pathTool";
import { PencilTool } from "./pencilTool";
import { PenTool } from "./penTool";
import { SelectTool } from "./selectTool";
import { BOX_SHAPES } from "./boxShapes";
import { ShapeTool } from "./shapeTool";
import { TextTool } from "./textTool";
import { ZoomTool } from "./zoomTool";

/**
 * One tool, declared once: its `tool.<id>` command, its toolbar button, its name in the English
 * messages and the instance each open document gets all come from here.
 */
export interface ToolInfo {
  readonly id: ToolId;
  /** English name: the command's label and the `tool.<id>` message. */
  readonly label: string;
  readonly shortcuts: readonly KeyBinding[];
  /** Outline on a 24-unit grid, drawn in currentColor. */
  readonly icon: string;
  /** False for a tool reached another way (Edit gradient: from the properties panel, or G). */
  readonly toolbar?: false;
  /** How the controller makes one per open document. */
  readonly make: ToolFactory;
}

/**
 * Every tool, in toolbar order, with the shortcuts users of Figma, Excalidraw and tldraw expect.
 * Letters are physical keys, so they stay put on AZERTY and QWERTZ layouts.
 */
export const TOOLS = [
  {
    id: "select",
    label: "Select",
    shortcuts: [{ code: "KeyV" }],
    icon: "M5 3l13 8-6 1.5 3.5 6.5-2.5 1.3-3.5-6.5L5 18z",
    make: (ctx) => new SelectTool(ctx),
  },
  {
    id: "hand",
    label: "Hand",
    shortcuts: [{ code: "KeyH" }],
    icon: "M8 12V5.5a1.5 1.5 0 013 0V11m0-6.5a1.5 1.5 0 013 0V11m0-5a1.5 1.5 0 013 0V14a7 7 0 01-7 7h-1a6 6 0 01-5-2.7L3.5 14a1.6 1.6 0 012.6-1.8L8 14",
    make: (ctx) => new HandTool(ctx),
  },
  {
    id: "zoom",
    label: "Zoom",
    shortcuts: [{ code: "KeyZ" }],
    icon: "M10.5 4a6.5 6.5 0 110 13 6.5 6.5 0 010-13zM15.3 15.3L20 20M8 10.5h5M10.5 8v5",
    make: (ctx) => new ZoomTool(ctx),
  },
  {
    id: "frame",
    label: "Frame",
    shortcuts: [{ code: "KeyF" }],
    icon: "M7 3v18M17 3v18M3 7h18M3 17h18",
    make: (ctx) => new ShapeTool("frame", BOX_SHAPES.frame, ctx),
  },
  {
    id: "rect",
    label: "Rectangle",
    shortcuts: [{ code: "KeyR" }],
    icon: "M4 6h16v12H4z",
    make: (ctx) => new ShapeTool("rect", BOX_SHAPES.rect, ctx),
  },
  {
    id: "ellipse",
    label: "Ellipse",
    shortcuts: [{ code: "KeyO" }],
    icon: "M12 5c4.4 0 8 3.1 8 7s-3.6 7-8 7-8-3.1-8-7 3.6-7 8-7z",
    make: (ctx) => new ShapeTool("ellipse", BOX_SHAPES.ellipse, ctx),
  },
  {
    id: "line",
    label: "Line",
    shortcuts: [{ code: "KeyL" }],
    icon: "M5 19L19 5",
    make: (ctx) => new LineTool("line", ctx),
  },
  {
    id: "arrow",
    label: "Arrow",
    shortcuts: [{ code: "KeyL", shift: true }],
    icon: "M5 19L19 5M11 5h8v8",
    make: (ctx) => new LineTool("arrow", ctx),
  },
  {
    id: "polygon",
    label: "Polygon",
    shortcuts: [{ code: "KeyY" }],
    icon: "M12 3l8.5 6.2-3.2 10H6.7l-3.2-10z",
    make: (ctx) => new ShapeTool("polygon", BOX_SHAPES.polygon, ctx),
  },
  {
    id: "pen",
    label: "Pen",
    shortcuts: [{ code: "KeyP" }],
    icon: "M12 20l7-7-3-3-7 7-2 5 5-2zM16 10l-4-6-6 2 4 4M12 4l-1.5 6.5",
    make: (ctx) => new PenTool(ctx),
  },
  {
    id: "pencil",
    label: "Pencil",
    shortcuts: [{ code: "KeyP", shift: true }],
    icon: "M4 20l1-4L16 5l3 3L8 19zM14 7l3 3",
    make: (ctx) => new PencilTool(ctx),
  },
  {
    id: "text",
    label: "Text",
    shortcuts: [{ code: "KeyT" }],
    icon: "M5 6V4h14v2M12 4v16M9 20h6",
    make: (ctx) => new TextTool(ctx),
  },
  {
    id: "image",
    label: "Image",
    shortcuts: [{ code: "KeyK", mod: true, shift: true }],
    icon: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 8.5h.01",
    make: (ctx) => new ImageTool(ctx),
  },
  {
    id: "eyedropper",
    label: "Eyedropper",
    shortcuts: [{ code: "KeyI" }],
    icon: "M14 4l6 6M16.5 3.5a2.1 2.1 0 013 3L17 9l-2-2zM15 7l-9 9-1 4 4-1 9-9",
    make: (ctx) => new EyedropperTool(ctx),
  },
  {
    id: "eraser",
    label: "Eraser",
    shortcuts: [{ code: "KeyE" }],
    icon: "M8 20h12M5.5 14.5l8-8a2 2 0 012.8 0l2.2 2.2a2 2 0 010 2.8L11 19H8.5L5.5 16a1 1 0 010-1.5zM10 10l5 5",
    make: (ctx) => new EraserTool(ctx),
  },
  {
    id: "path",
    label: "Edit path",
    shortcuts: [{ code: "KeyA" }],
    icon: "M5 18c2-9 12-3 14-12M5 18h.01M19 6h.01M4 17h2v2H4zM18 5h2v2h-2z",
    make: (ctx) => new PathTool(ctx),
  },
  {
    id: "gradient",
    label: "Edit gradient",
    shortcuts: [{ code: "KeyG" }],
    icon: "M4 4h16v16H4zM7 17L17 7M6 16h2v2H6zM16 6h2v2h-2z",
    toolbar: false,
    make: (ctx) => new GradientTool(ctx),
  },
] as const satisfies readonly ToolInfo[];

/** True only when `A` and `B` are the same type. */
type Same<A, B> =
  (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;

/** The ids of a tuple of declarations, as a tuple. */
type IdsOf<T extends readonly { readonly id: ToolId }[]> = {
  -readonly [K in keyof T]: T[K]["id"];
};

/**
 * `TOOL_IDS` (in editing/, below the tools) and the declarations above must name the same tools
 * in the same order: a tool missing from either, or one too many, stops the build here.
 */
const declaredOnce: Same<IdsOf<typeof TOOLS>, [...typeof TOOL_IDS]> = true;
void declaredOnce;

/** A tool's declaration by id. */
export function toolInfo(id: ToolId): ToolInfo {
  return TOOLS[TOOL_IDS.indexOf(id)]!;
}
