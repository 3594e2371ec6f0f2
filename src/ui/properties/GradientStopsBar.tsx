import { useState, type PointerEvent } from "react";
import type { GradientStop } from "../../doc/types";
import { useMessages } from "../i18n/context";
import { addStop, cssStops, moveStop, removeStop, type StopEdit } from "../../doc/gradient";

export interface GradientStopsBarProps {
  readonly stops: readonly GradientStop[];
  readonly selected: number;
  /** The bar's accessible name; "Gradient stops" unless the panel shows two bars. */
  readonly label?: string;
  readonly onSelect: (index: number) => void;
  /** Applies an edit to the document (one undo step) and selects the edited stop. */
  readonly onEdit: (edit: StopEdit) => void;
}

const KEY_STEP = 0.01;

function offsetIn(element: HTMLElement, clientX: number): number {
  const box = element.getBoundingClientRect();
  return box.width > 0 ? (clientX - box.left) / box.width : 0;
}

/**
 * The gradient as a bar with a handle per stop. Pressing the bar adds a stop; dragging a handle
 * previews locally and writes once on release; Delete removes the selected stop.
 */
export function GradientStopsBar({
  stops,
  selected,
  label,
  onSelect,
  onEdit,
}: GradientStopsBarProps) {
  const t = useMessages().t;
  const [drag, setDrag] = useState<{ index: number; preview: StopEdit } | null>(null);
  const shown = drag?.preview.stops ?? stops;
  const current = drag?.preview.index ?? selected;

  const dragTo = (event: PointerEvent<HTMLButtonElement>, index: number): void => {
    const bar = event.currentTarget.parentElement;
    if (!bar) return;
    const preview = moveStop(stops, index, offsetIn(bar, event.clientX));
    if (preview) setDrag({ index, preview });
  };

  return (
    <div
      role="group"
      aria-label={label ?? t("properties.gradientStops")}
      className="lw-gradient-bar"
      style={{
        position: "relative",
        height: 18,
        margin: "6px 6px 10px",
        borderRadius: 3,
        boxShadow: "inset 0 0 0 1px rgba(0,0,0,0.3)",
        background: cssStops(shown),
        cursor: "copy",
        touchAction: "none",
      }}
      onPointerDown={(event) => {
        if (event.target !== event.currentTarget) return;
        const added = addStop(stops, offsetIn(event.currentTarget, event.clientX));
        if (added) onEdit(added);
      }}
    >
      {shown.map((stop, index) => {
        const c = stop.color;
        return (
          <button
            // Offsets can tie, so the index is the stable identity within one render.
            key={index}
            type="button"
            aria-pressed={index === current}
            aria-label={t("properties.gradientStop", {
              index: index + 1,
              offset: Math.round(stop.offset * 100),
            })}
            className="lw-gradient-stop"
            style={{
              position: "absolute",
              left: `${stop.offset * 100}%`,
              top: -3,
              width: 12,
              height: 24,
              marginLeft: -6,
              padding: 0,
              borderRadius: 3,
              border: index === current ? "2px solid #0a84ff" : "2px solid #fff",
              boxShadow: "0 0 0 1px #000",
              background: `rgba(${c.r * 255},${c.g * 255},${c.b * 255},${c.a})`,
              cursor: "ew-resize",
              touchAction: "none",
            }}
            onPointerDown={(event) => {
              event.currentTarget.setPointerCapture(event.pointerId);
              onSelect(index);
            }}
            onPointerMove={(event) => {
              if (event.currentTarget.hasPointerCapture(event.pointerId))
                dragTo(event, drag?.index ?? index);
            }}
            onPointerUp={() => {
              if (drag) {
                setDrag(null);
                if (drag.preview.stops.some((s, i) => s !== stops[i])) onEdit(drag.preview);
              }
            }}
            onKeyDown={(event) => {
              if (event.key === "Delete" || event.key === "Backspace") {
                const removed = removeStop(stops, index);
                if (removed) onEdit(removed);
              } else if (event.key === "ArrowLeft" || event.key === "ArrowRight") {
                const step = event.key === "ArrowLeft" ? -KEY_STEP : KEY_STEP;
                const moved = moveStop(
                  stops,
                  index,
                  stop.offset + step * (event.shiftKey ? 10 : 1),
                );
                if (moved) onEdit(moved);
              } else return;
              // These keys edit the stop, not the shapes on the canvas.
              event.preventDefault();
              event.stopPropagation();
            }}
          />
        );
      })}
    </div>
  );
}
