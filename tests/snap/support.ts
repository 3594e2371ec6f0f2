import { addNodes } from "../../src/doc/commands";
import { DEFAULT_FILL, NO_STROKE } from "../../src/doc/factory";
import { makeNode } from "../../src/shapes/makeNode";
import type { DocumentStore } from "../../src/doc/store";
import type { Id, RectNode } from "../../src/doc/types";
import { SpatialSync } from "../../src/scene/spatialSync";
import { SceneSnapper } from "../../src/snap/snapper";
import type { SnapSettings } from "../../src/editing/settings";
import { loadCore } from "../core/loadCore.ts";
import { emptyDocumentStore } from "../support/store";

export interface Rect {
  readonly id: Id;
  readonly x: number;
  readonly y: number;
  readonly w: number;
  readonly h: number;
}

export function rectNode(r: Rect, parent = "page"): RectNode {
  const node = makeNode<RectNode>("rect", r.id, parent, "a0", {
    width: r.w,
    height: r.h,
    radii: [0, 0, 0, 0],
    fill: DEFAULT_FILL,
    // Strokes are left out of snapping; a wide one shows that they are.
    stroke: { ...NO_STROKE, paint: { type: "solid", color: { r: 0, g: 0, b: 0, a: 1 } }, width: 8 },
  });
  return { ...node, transform: { ...node.transform, x: r.x, y: r.y } };
}

/** What a test changes between snaps: the zoom and the settings the snapper reads each time. */
export interface SnapState {
  zoom: number;
  settings: { snap: SnapSettings; gridSize: number };
}

export interface SnapFixture {
  readonly store: DocumentStore;
  readonly snapper: SceneSnapper;
  readonly state: SnapState;
}

export const ALL_ON: SnapSettings = { grid: false, objects: true, spacing: true, tolerancePx: 6 };

/** A page of rectangles, indexed by the real core, and a snapper over a 2000×2000 view. */
export async function snapFixture(rects: readonly Rect[]): Promise<SnapFixture> {
  const core = await loadCore();
  const store = emptyDocumentStore();
  if (rects.length > 0)
    store.transact("add", (tx) =>
      addNodes(
        tx,
        "page",
        rects.map((r) => rectNode(r)),
      ),
    );
  const sync = new SpatialSync(store, core.index);
  sync.showPage("page");
  const state: SnapState = { zoom: 1, settings: { snap: ALL_ON, gridSize: 10 } };
  const snapper = new SceneSnapper({
    store,
    spatial: sync,
    settings: () => state.settings,
    zoom: () => state.zoom,
    view: () => ({ minX: -1000, minY: -1000, maxX: 1000, maxY: 1000 }),
  });
  return { store, snapper, state };
}
