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
import { ShapeTool } from "./shapeTool";
import { TextTool } from "./textTool";

import { ZoomTool } from "./zoomTool";
import type { ToolId } from "../editing/settings";

/** How each tool is made; the controller makes one of each per open document. */
export const TOOL_FACTORIES: Readonly<Record<ToolId, ToolFactory>> = {
  select: (ctx) => new SelectTool(ctx),
  hand: (ctx) => new HandTool(ctx),
  zoom: (ctx) => new ZoomTool(ctx),
  frame: (ctx) => new ShapeTool("frame", ctx),
  rect: (ctx) => new ShapeTool("rect", ctx),
  ellipse: (ctx) => new ShapeTool("ellipse", ctx),
  polygon: (ctx) => new ShapeTool("polygon", ctx),
  line: (ctx) => new LineTool("line", ctx),
  arrow: (ctx) => new LineTool("arrow", ctx),
  pen: (ctx) => new PenTool(ctx),
  pencil: (ctx) => new PencilTool(ctx),
  text: (ctx) => new TextTool(ctx),
  image: (ctx) => new ImageTool(ctx),
  eyedropper: (ctx) => new EyedropperTool(ctx),
  eraser: (ctx) => new EraserTool(ctx),
  path: (ctx) => new PathTool(ctx),
  gradient: (ctx) => new GradientTool(ctx),
};
