import type { DocumentStore } from "../doc/store";
import { IDENTITY_MATRIX, multiply, toMatrix, type Matrix } from "../doc/transform";
import { isSceneNode, type Id, type SceneNode } from "../doc/types";

import type { SpatialSync } from "../scene/spatialSync";
import { unionBox } from "../geometry/bounds";
import { childrenExtent, intersectBoxes, isMaskedGroup } from "../shapes/bounds";
import { holdsChildren } from "../shapes/registry";
import { shapeBox } from "./shapeBox";
import type { Box } from "../math/box";

/**
 * What shapes may be snapped to: visible nodes the spatial index finds in a region, with the
 * boxes of their geometry. What moves (`ignore`) and everything inside it is left out.
 */
export class SnapTargets {
  /**
   * A top-level node's box depends on its record alone, and records are immutable, so the box
   * is kept for as long as the record lives: a drag asks about the same neighbours every move.
   */
  private readonly topLevel = new WeakMap<SceneNode, Box | null>();

  constructor(
    private readonly store: Pick<DocumentStore, "get" | "childrenOf">,
    private readonly spatial: Pick<SpatialSync, "queryRect">,
  ) {}

  /**
   * The target boxes in a region. `known` carries boxes already worked out during one snap, so
   * regions that overlap cost each node once. Returns null when the index holds more than `limit`
   * nodes there besides those in `ignore`, so the caller can ask about a smaller region instead.
   * The ignored ones do not count: a shape dragged with a thousand connectors bound to it has
   * them all crossing every region round it, and counting them would leave nothing to snap to.
   */
  in(
    region: Box,
    ignore: ReadonlySet<Id>,
    known: Map<Id, Box | null>,
    limit: number,
  ): Box[] | null {
    const ids = this.spatial.queryRect(region).filter((id) => !ignore.has(id));
    if (ids.length > limit) return null;
    const boxes: Box[] = [];
    for (const id of ids) {
      let box = known.get(id);
      if (box === undefined) {
        box = this.boxOf(id, ignore);
        known.set(id, box);
      }
      if (box !== null) boxes.push(box);
    }
    return boxes;
  }

  private boxOf(id: Id, ignore: ReadonlySet<Id>): Box | null {
    const node = this.store.get(id);
    if (!isSceneNode(node) || node.hidden || ignore.has(id)) return null;
    let parent = this.store.get(node.parent);
    if (!isSceneNode(parent)) {
      let box = this.topLevel.get(node);
      if (box === undefined) {
        box = shapeBox(node, toMatrix(node.transform));
        this.topLevel.set(node, box);
      }
      return box;
    }
    const above: SceneNode[] = [];
    for (let guard = 0; isSceneNode(parent) && guard < 100_000; guard++) {
      if (parent.hidden || ignore.has(parent.id)) return null;
      above.push(parent);
      parent = this.store.get(parent.parent);
    }
    // Down from the top: a masked group shows only where its mask does, and its mask not at all.
    let world = IDENTITY_MATRIX;
    let shown: Box | null | undefined;
    for (let i = above.length - 1; i >= 0; i--) {
      const group = above[i]!;
      world = multiply(world, toMatrix(group.transform));
      if (!isMaskedGroup(group)) continue;
      const [mask] = this.store.childrenOf(group.id);
      if (mask === undefined || mask.id === (above[i - 1] ?? node).id) return null;
      const cut = this.extentOf(mask, multiply(world, toMatrix(mask.transform)));
      shown = shown === undefined ? cut : intersectBoxes(shown, cut);
      if (shown === null) return null;
    }
    const box = shapeBox(node, multiply(world, toMatrix(node.transform)));
    return shown === undefined ? box : intersectBoxes(box, shown);
  }

  /** The page box of a node's geometry with its descendants', as masks cut it. */
  private extentOf(node: SceneNode, world: Matrix, depth = 0): Box | null {
    if (node.hidden) return null;
    const box = shapeBox(node, world);
    if (!holdsChildren(node) || depth > 256) return box;
    return unionBox(
      box,
      childrenExtent(node, this.store.childrenOf(node.id), (child) =>
        this.extentOf(child, multiply(world, toMatrix(child.transform)), depth + 1),
      ),
    );
  }
}
