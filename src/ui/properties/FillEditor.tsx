import { useState } from "react";
import type { Fill, GradientStop, RGBA } from "../../doc/types";
import { useMessages } from "../i18n/context";
import { ColorPicker } from "./ColorPicker";
import {
  convertFill,
  MIN_STOPS,
  recolorStop,
  removeStop,
  type FillKind,
  type LocalBox,
} from "./gradient";
import { GradientStopsBar } from "./GradientStopsBar";
import type { RecentColours } from "./recentColours";
import type { Field } from "./summary";

/** Applies a fill change to each selected node; the box is that node's, for new gradients. */
export type FillChange = (label: string, change: (fill: Fill, box: LocalBox) => Fill) => void;

export interface FillEditorProps {
  readonly fill: Field<Fill>;
  readonly recent: RecentColours;
  readonly onChange: FillChange;
}

const MIXED_VALUE = "__mixed__";
const KINDS: readonly FillKind[] = ["none", "solid", "linear", "radial"];

/** The fill's kind, its colour, or for a gradient its stops and the selected stop's colour. */
export function FillEditor({ fill, recent, onChange }: FillEditorProps) {
  const t = useMessages().t;
  const [selectedStop, setSelectedStop] = useState(0);
  if (fill.state === "none") return null;
  const value = fill.state === "same" ? fill.value : null;
  const kindLabel: Record<FillKind, string> = {
    none: t("properties.fillNone"),
    solid: t("properties.fillSolid"),
    linear: t("properties.fillLinear"),
    radial: t("properties.fillRadial"),
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
    <fieldset className="lw-fieldset">
      <legend>{t("properties.fill")}</legend>
      <label className="lw-field">
        <span className="lw-field-label">{t("properties.fillType")}</span>
        <select
          className="lw-input"
          value={value ? value.type : MIXED_VALUE}
          onChange={(event) => {
            const kind = KINDS.find((k) => k === event.target.value);
            if (kind) onChange("Fill type", (current, box) => convertFill(current, kind, box));
          }}
        >
          {value === null ? <option value={MIXED_VALUE}>{t("properties.mixed")}</option> : null}
          {KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {kindLabel[kind]}
            </option>
          ))}
        </select>
      </label>
      {value === null || value.type === "solid" ? (
        <ColorPicker
          label={t("properties.fillColor")}
          color={value?.type === "solid" ? value.color : null}
          mixed={value === null}
          recent={recent}
          onCommit={(color: RGBA) => onChange("Fill", () => ({ type: "solid", color }))}
        />
      ) : null}
      {gradient && stop ? (
        <>
          <GradientStopsBar
            stops={gradient.stops}
            selected={stopIndex}
            onSelect={setSelectedStop}
            onEdit={(edit) => {
              setSelectedStop(edit.index);
              setStops("Gradient stops", edit.stops);
            }}
          />
          <ColorPicker
            label={t("properties.stopColor")}
            color={stop.color}
            mixed={false}
            recent={recent}
            onCommit={(color) =>
              setStops("Gradient stop colour", recolorStop(gradient.stops, stopIndex, color))
            }
          />
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
            {t("properties.removeStop")}
          </button>
        </>
      ) : null}
    </fieldset>
  );
}
