import type { KeyBinding } from "../editing/commands";
import type { ToolId } from "../editing/settings";

export interface ToolInfo {
  readonly id: ToolId;
  readonly label: string;
  readonly shortcuts: readonly KeyBinding[];
}

/**
 * Every tool, in toolbar order, with the shortcuts users of Figma, Excalidraw and tldraw expect.
 * Letters are physical keys, so they stay put on AZERTY and QWERTZ layouts.
 */
export const TOOLS: readonly ToolInfo[] = [
  { id: "select", label: "Select", shortcuts: [{ code: "KeyV" }] },
  { id: "hand", label: "Hand", shortcuts: [{ code: "KeyH" }] },
  { id: "zoom", label: "Zoom", shortcuts: [{ code: "KeyZ" }] },
  { id: "frame", label: "Frame", shortcuts: [{ code: "KeyF" }] },
  { id: "rect", label: "Rectangle", shortcuts: [{ code: "KeyR" }] },
  { id: "ellipse", label: "Ellipse", shortcuts: [{ code: "KeyO" }] },
  { id: "line", label: "Line", shortcuts: [{ code: "KeyL" }] },
  { id: "arrow", label: "Arrow", shortcuts: [{ code: "KeyL", shift: true }] },
  { id: "polygon", label: "Polygon", shortcuts: [{ code: "KeyY" }] },
  { id: "pen", label: "Pen", shortcuts: [{ code: "KeyP" }] },
  { id: "pencil", label: "Pencil", shortcuts: [{ code: "KeyP", shift: true }] },
  { id: "text", label: "Text", shortcuts: [{ code: "KeyT" }] },
  { id: "image", label: "Image", shortcuts: [{ code: "KeyK", mod: true, shift: true }] },
  { id: "eyedropper", label: "Eyedropper", shortcuts: [{ code: "KeyI" }] },
  { id: "eraser", label: "Eraser", shortcuts: [{ code: "KeyE" }] },
  { id: "path", label: "Edit path", shortcuts: [{ code: "KeyA" }] },
  { id: "gradient", label: "Edit gradient", shortcuts: [{ code: "KeyG" }] },
];
