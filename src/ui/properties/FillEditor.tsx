import type { Fill } from "../../doc/types";
import { useMessages } from "../i18n/context";
import { PaintControls, type PaintChange } from "./PaintControls";
import type { RecentColours } from "./recentColours";
import type { Field } from "./summary";

/** Applies a fill change to each selected node; the box is that node's, for new gradients. */
export type FillChange = PaintChange;

export interface FillEditorProps {
  readonly fill: Field<Fill>;
  readonly recent: RecentColours;
  readonly onChange: FillChange;
  /** Opens on-canvas editing of the fill's gradient (one node selected). */
  readonly onEditOnCanvas?: () => void;
}

/** The fill's kind, its colour, or for a gradient its stops and the selected stop's colour. */
export function FillEditor({ fill, recent, onChange, onEditOnCanvas }: FillEditorProps) {
  const t = useMessages().t;
  if (fill.state === "none") return null;
  return (
    <fieldset className="lw-fieldset">
      <legend>{t("properties.fill")}</legend>
      <PaintControls
        value={fill.state === "same" ? fill.value : null}
        labels={{
          edit: "Fill",
          type: t("properties.fillType"),
          color: t("properties.fillColor"),
          stopColor: t("properties.stopColor"),
          removeStop: t("properties.removeStop"),
        }}
        recent={recent}
        onChange={onChange}
        onEditOnCanvas={onEditOnCanvas}
      />
    </fieldset>
  );
}
