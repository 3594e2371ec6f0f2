import { focusCanvasNear } from "../focusCanvas";
import { useState } from "react";
import type { Fill, GradientStop, RGBA } from "../../doc/types";
import { useMessages } from "../i18n/context";
import { ColorPicker } from "./ColorPicker";
import { convertFill, MIN_STOPS, recolorStop, removeStop, type FillKind } from "../../doc/gradient";
import { GradientStopsBar } from "./GradientStopsBar";
import type { RecentColours } from "./recentColours";
import type { Box } from "../../math/box";

/** Applies a paint change to each selected node; the box is that node's, for new gradients. */
export type PaintChange = (label: string, change: (paint: Fill, box: Box) => Fill) => void;

/** The names of one editor's controls, so a fill and a stroke editor can sit in one panel. */
export interface PaintLabels {
  /** What history calls the edits: "Fill", "Fill type". */
  readonly edit: string;
  readonly type: string;
  readonly color: string;
  readonly stops?: string;
  readonly stopColor: string;
  readonly removeStop: string;
}

export interface PaintControlsProps {
  /** null: the selection's paints differ. */
  readonly value: Fill | null;
  readonly labels: PaintLabels;
  readonly recent: RecentColours;
  readonly onChange: PaintChange;
  /** Opens on-canvas editing of the gradient; absent when it cannot (several nodes selected). */
  readonly onEditOnCanvas?: () => void;
  /** The colour a paint chosen over None starts as (see convertFill). */
  readonly unpainted?: RGBA;
}

const MIXED_VALUE = "__mixed__";
const KINDS: readonly FillKind[] = ["none", "solid", "linear", "radial"];

/**
 * A paint's kind (none, solid, linear, radial), its colour, or for a gradient its stops, the
 * selected stop's colour and "Edit on canvas". Shared by the fill and the stroke editors.
 */
export function PaintControls({
  value,
  labels,
  recent,
  onChange,
  onEditOnCanvas,
  unpainted,
}: PaintControlsProps) {
  const t = useMessages().t;
  const [selectedStop, setSelectedStop] = useState(0);
  const kindLabel: Record<FillKind, string> = {
    none: t("properties.fillNone"),
    solid: t("properties.fillSolid"),
    linear: t("properties.fillLinear"),
    radial: t("properties.fillRadial"),
    pattern: t("properties.fillPattern"),
  };
  const gradient =
    value !== null && (value.type === "linear" || value.type === "radial") ? value : null;
  const stopIndex = gradient ? Math.min(selectedStop, gradient.stops.length - 1) : 0;
  const stop = gradient?.stops[stopIndex];

  // Every node of the selection shares this gradient (else it reads Mixed), so each keeps its
  // own geometry and takes the new stops.
  const setStops = (label: string, stops: readonly GradientStop[]): void =>
    onChange(label, (current) =>
      current.type === "linear" || current.type === "radial" ? { ...current, stops } : current,
    );

  return (
    <>
      <label className="lw-field">
        <span className="lw-field-label">{labels.type}</span>
        <select
          className="lw-input"
          value={value ? value.type : MIXED_VALUE}
          onChange={(event) => {
            const kind = KINDS.find((k) => k === event.target.value);
            if (kind)
              onChange(`${labels.edit} type`, (current, box) =>
                convertFill(current, kind, box, unpainted ?? null),
              );
          }}
        >
          {value === null ? <option value={MIXED_VALUE}>{t("properties.mixed")}</option> : null}
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel[kind]}
            </option>
          ))}
          {/* A pattern comes with a file; it is shown, and can be turned into another kind. */}
          {value?.type === "pattern" ? <option value="pattern">{kindLabel.pattern}</option> : null}
        </select>
      </label>
      {value === null || value.type === "solid" ? (
        <ColorPicker
          label={labels.color}
          color={value?.type === "solid" ? value.color : null}
          mixed={value === null}
          recent={recent}
          onCommit={(color: RGBA) => onChange(labels.edit, () => ({ type: "solid", color }))}
        />
      ) : null}
      {gradient && stop ? (
        <>
          <GradientStopsBar
            stops={gradient.stops}
            selected={stopIndex}
            label={labels.stops}
            onSelect={setSelectedStop}
            onEdit={(edit) => {
              setSelectedStop(edit.index);
              setStops("Gradient stops", edit.stops);
            }}
          />
          <ColorPicker
            label={labels.stopColor}
            color={stop.color}
            mixed={false}
            recent={recent}
            onCommit={(color) =>
              setStops("Gradient stop colour", recolorStop(gradient.stops, stopIndex, color))
            }
          />
          <div className="lw-grid2">
            <button
              type="button"
              className="lw-button"
              disabled={gradient.stops.length <= MIN_STOPS}
              onClick={() => {
                const removed = removeStop(gradient.stops, stopIndex);
                if (!removed) return;
                setSelectedStop(removed.index);
                setStops("Remove gradient stop", removed.stops);
              }}
            >
              {labels.removeStop}
            </button>
            {onEditOnCanvas ? (
              <button
                type="button"
                className="lw-button"
                title={t("properties.editOnCanvasHint")}
                onClick={(event) => {
                  onEditOnCanvas();
                  focusCanvasNear(event.currentTarget);
                }}
              >
                {t("properties.editOnCanvas")}
              </button>
            ) : null}
          </div>
        </>
      ) : null}
    </>
  );
}
