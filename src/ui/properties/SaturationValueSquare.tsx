import type { KeyboardEvent, PointerEvent } from "react";
import { useMessages } from "../i18n/context";
import type { HSV } from "./color";

export interface SaturationValueSquareProps {
  readonly hsv: HSV;
  /** Previews a colour while dragging or pressing keys. */
  readonly onChange: (hsv: HSV) => void;
  /** Applies the previewed colour: one drag or one key press is one undo step. */
  readonly onEnd: () => void;
}

const SIZE = 140;
const STEP = 0.01;
const BIG_STEP = 0.1;
const unit = (value: number): number => Math.min(1, Math.max(0, value));

/**
 * Saturation left to right and value (brightness) bottom to top for the current hue. A slider to
 * assistive technology: the arrow keys move saturation (left/right) and value (up/down).
 */
export function SaturationValueSquare({ hsv, onChange, onEnd }: SaturationValueSquareProps) {
  const t = useMessages().t;
  const pick = (event: PointerEvent<HTMLDivElement>): void => {
    const box = event.currentTarget.getBoundingClientRect();
    if (box.width <= 0 || box.height <= 0) return;
    onChange({
      h: hsv.h,
      s: unit((event.clientX - box.left) / box.width),
      v: unit(1 - (event.clientY - box.top) / box.height),
    });
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    const step = event.shiftKey ? BIG_STEP : STEP;
    const moves: Record<string, [number, number]> = {
      ArrowLeft: [-step, 0],
      ArrowRight: [step, 0],
      ArrowUp: [0, step],
      ArrowDown: [0, -step],
    };
    const move = moves[event.key];
    if (!move) return;
    // The canvas nudges selected shapes with the arrow keys; here they belong to the square.
    event.preventDefault();
    event.stopPropagation();
    onChange({ h: hsv.h, s: unit(hsv.s + move[0]), v: unit(hsv.v + move[1]) });
  };
  const percent = (x: number): number => Math.round(x * 100);

  return (
    <div
      role="slider"
      tabIndex={0}
      aria-label={t("properties.saturationValue")}
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={percent(hsv.s)}
      aria-valuetext={t("properties.saturationValueText", {
        s: String(percent(hsv.s)),
        v: String(percent(hsv.v)),
      })}
      className="lw-sv-square"
      style={{
        position: "relative",
        width: SIZE,
        height: SIZE * 0.7,
        touchAction: "none",
        cursor: "crosshair",
        background: `linear-gradient(to top, #000, transparent), linear-gradient(to right, #fff, hsl(${hsv.h}, 100%, 50%))`,
      }}
      onPointerDown={(event) => {
        event.currentTarget.setPointerCapture(event.pointerId);
        event.currentTarget.focus();
        pick(event);
      }}
      onPointerMove={(event) => {
        if (event.currentTarget.hasPointerCapture(event.pointerId)) pick(event);
      }}
      onPointerUp={onEnd}
      onKeyDown={onKeyDown}
      onKeyUp={(event) => {
        if (event.key.startsWith("Arrow")) onEnd();
      }}
    >
      <span
        aria-hidden="true"
        style={{
          position: "absolute",
          left: `${hsv.s * 100}%`,
          top: `${(1 - hsv.v) * 100}%`,
          width: 10,
          height: 10,
          marginLeft: -5,
          marginTop: -5,
          borderRadius: "50%",
          border: "2px solid #fff",
          boxShadow: "0 0 0 1px #000",
          pointerEvents: "none",
        }}
      />
    </div>
  );
}
