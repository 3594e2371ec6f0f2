/** A position or a vector, in whatever space its owner says (world, screen, a node's local). */
export interface Point {
  readonly x: number;
  readonly y: number;
}
