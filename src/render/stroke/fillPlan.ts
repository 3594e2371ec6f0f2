/**
 * A filled area: its outer outline and the outlines of its holes (local x, y pairs). Regions do
 * not overlap: an outline's region is the band between it and the outlines nested in it.
 */
export interface FillRegion {
  readonly outer: readonly number[];
  readonly holes: readonly (readonly number[])[];
}

/** An outline between filled and unfilled area; `filledInside` says which side is filled. */
export interface FillEdge {
  readonly points: readonly number[];
  readonly filledInside: boolean;
}

export interface FillPlan {
  readonly regions: readonly FillRegion[];
  readonly edges: readonly FillEdge[];
}
