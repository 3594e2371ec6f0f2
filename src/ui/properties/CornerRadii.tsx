import { useState } from "react";
import type { RectNode } from "../../doc/types";
import { useMessages } from "../i18n/context";
import type { MessageKey } from "../i18n/en";
import { clamp, LIMITS } from "./edits";
import { NumberField } from "./NumberField";
import type { SelectionSummary } from "./summary";

export type Radii = RectNode["radii"];

export interface CornerRadiiProps {
  readonly radius: SelectionSummary["radius"];
  readonly corners: SelectionSummary["corners"];
  /** Applies new radii to each selected rectangle, given its current ones. */
  readonly onChange: (change: (radii: Radii) => Radii) => void;
}

const CORNER_LABELS: readonly MessageKey[] = [
  "properties.radiusTopLeft",
  "properties.radiusTopRight",
  "properties.radiusBottomRight",
  "properties.radiusBottomLeft",
];

/**
 * One radius for all four corners, or, unlinked, one per corner. Linked by default when the
 * corners already agree, so a rectangle with different corners opens showing them.
 */
export function CornerRadii({ radius, corners, onChange }: CornerRadiiProps) {
  const t = useMessages().t;
  const [linkedChoice, setLinkedChoice] = useState<boolean | null>(null);
  if (radius.state === "none") return null;
  const uniform = radius.state === "same" && Number.isFinite(radius.value);
  const linked = linkedChoice ?? uniform;

  return (
    <div className="lw-corner-radii" style={{ gridColumn: "1 / -1" }}>
      <label className="lw-check">
        <input
          type="checkbox"
          checked={linked}
          onChange={(event) => setLinkedChoice(event.target.checked)}
        />
        {t("properties.linkCorners")}
      </label>
      {linked ? (
        <NumberField
          label={t("properties.radius")}
          field={radius}
          onCommit={(r) => {
            const v = clamp(r, LIMITS.radius);
            onChange(() => [v, v, v, v]);
          }}
        />
      ) : (
        <div className="lw-grid2">
          {corners.map((field, corner) => (
            <NumberField
              key={CORNER_LABELS[corner]}
              label={t(CORNER_LABELS[corner]!)}
              field={field}
              onCommit={(r) => {
                const v = clamp(r, LIMITS.radius);
                onChange((radii) => {
                  const next: [number, number, number, number] = [...radii];
                  next[corner] = v;
                  return next;
                });
              }}
            />
          ))}
        </div>
      )}
    </div>
  );
}
