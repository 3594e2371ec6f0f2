/** An axis-aligned box, in whatever space its owner says; min ≤ max on each axis when not empty. */
export interface Box {
  readonly minX: number;
  readonly minY: number;
  readonly maxX: number;
  readonly maxY: number;
}
