import type { Fill, Paint } from "../../doc/types";
import { useMessages } from "../i18n/context";
import { ColorPicker } from "./ColorPicker";

import { PaintControls } from "./PaintControls";
import type { RecentColours } from "./recentColours";
import { strokePaintChange, UNPAINTED_STROKE } from "../../doc/strokePaint";
import type { Field } from "./summary";
import type { Box } from "../../math/box";

/** Applies a stroke paint change to each selected node; null paint is no stroke. */
export type StrokePaintChange = (
  label: string,
  change: (paint: Paint | null, box: Box) => Paint | null,
) => void;

export interface StrokePaintEditorProps {
  readonly paint: Field<Paint | null>;
  readonly recent: RecentColours;
  readonly onChange: StrokePaintChange;
  /** Opens on-canvas editing of the stroke's gradient (one node selected). */
  readonly onEditOnCanvas?: () => void;
}

const NONE: Fill = { type: "none" };

/**
 * The stroke's paint with the fill's editor: none, a solid colour, or a linear or radial gradient
 * with its stops. Without a stroke only its colour shows ("None"), as before a stroke had kinds:
 * picking a colour, or unchecking "No stroke", brings the kinds back.
 */
export function StrokePaintEditor({
  paint,
  recent,
  onChange,
  onEditOnCanvas,
}: StrokePaintEditorProps) {
  const t = useMessages().t;
  if (paint.state === "none") return null;
  if (paint.state === "same" && paint.value === null)
    return (
      <ColorPicker
        label={t("properties.strokeColor")}
        color={null}
        mixed={false}
        recent={recent}
        onCommit={(color) => onChange("Stroke", () => ({ type: "solid", color }))}
      />
    );
  return (
    <PaintControls
      value={paint.state === "same" ? (paint.value ?? NONE) : null}
      labels={{
        edit: "Stroke",
        type: t("properties.strokeType"),
        color: t("properties.strokeColor"),
        stops: t("properties.strokeGradientStops"),
        stopColor: t("properties.strokeStopColor"),
        removeStop: t("properties.removeStrokeStop"),
      }}
      recent={recent}
      onChange={(label, change) => onChange(label, strokePaintChange(change))}
      onEditOnCanvas={onEditOnCanvas}
      unpainted={UNPAINTED_STROKE}
    />
  );
}
