import type { EditableDocument } from "../../src/editing/editor";
import { DEFAULT_FILL, DEFAULT_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { FrameNode } from "../../src/doc/types";
import { at, editorWith, group, rect } from "./support";

/**
 * A page with plain rectangles, a rotated group holding a rotated rectangle and a scaled group
 * inside it, and a frame with a child:
 *
 *   a (0,0 100×50)   b (200,100 50×50)   c (400,0 30×80)
 *   g: group at (500,500) rotated 30° → r3 at (10,10) rotated 15°, 40×20
 *                                     → g2 scaled 2 → r4 at (5,5) 10×10
 *   f: frame at (1000,0) 400×300 → r5 at (50,60) 20×20
 *   far: rect at (1e6, -1e6), far off screen
 */
export function fixtureEditor(): EditableDocument {
  const frame = makeNode<FrameNode>("frame", "f", "page", "a5", {
    fill: DEFAULT_FILL,
    stroke: DEFAULT_STROKE,
    width: 400,
    height: 300,
    clip: true,
    transform: at(1000, 0),
  });
  return editorWith([
    rect("a", "page", "a0", at(0, 0), 100, 50),
    rect("b", "page", "a1", at(200, 100), 50, 50),
    rect("c", "page", "a2", at(400, 0), 30, 80),
    group("g", "page", "a3", at(500, 500, 30)),
    rect("r3", "g", "a0", at(10, 10, 15), 40, 20),
    group("g2", "g", "a1", at(0, 0, 0, 2, 2)),
    rect("r4", "g2", "a0", at(5, 5), 10, 10),
    frame,
    rect("r5", "f", "a0", at(50, 60), 20, 20),
    rect("far", "page", "a6", at(1e6, -1e6), 10, 10),
  ]);
}
