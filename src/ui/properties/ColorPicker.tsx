import { useState, useSyncExternalStore } from "react";
import type { RGBA } from "../../doc/types";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { hsvToRgb, parseHex, rgbToHsv, toHex, type HSV } from "./color";
import type { RecentColours } from "./recentColours";
import { SaturationValueSquare } from "./SaturationValueSquare";

export interface ColorPickerProps {
  readonly label: string;
  /** null: no solid colour (none, a gradient, or the selection's colours differ). */
  readonly color: RGBA | null;
  /** The selection's colours differ (else a null colour reads "None"). */
  readonly mixed: boolean;
  readonly recent: RecentColours;
  readonly onCommit: (color: RGBA) => void;
}

/**
 * A colour as a saturation/value square, hue, saturation and value sliders, a hex field and an
 * alpha slider, with recent colours. The square and the sliders preview locally and apply when
 * released, so one drag is one undo step.
 */
export function ColorPicker({ label, color, mixed, recent, onCommit }: ColorPickerProps) {
  useRenderCount("ColorPicker");
  const t = useMessages().t;
  const [open, setOpen] = useState(false);
  const [draft, setDraft] = useState<{ hsv: HSV; a: number } | null>(null);
  const [hexDraft, setHexDraft] = useState<string | null>(null);
  const recents = useSyncExternalStore(recent.subscribe, recent.getSnapshot);
  const base = color ?? { r: 0.5, g: 0.5, b: 0.5, a: 1 };
  const hsv = draft?.hsv ?? rgbToHsv(base);
  const alpha = draft?.a ?? base.a;
  const shown = draft ? hsvToRgb(draft.hsv, draft.a) : base;
  const hex = toHex(shown);
  const emptyText = mixed ? t("properties.mixed") : t("properties.none");

  const apply = (next: RGBA): void => {
    setDraft(null);
    recent.add(toHex(next));
    onCommit(next);
  };
  const finishSlide = (): void => {
    if (draft) apply(hsvToRgb(draft.hsv, draft.a));
  };
  const slider = (
    name: string,
    value: number,
    max: number,
    step: number,
    set: (value: number) => void,
  ) => (
    <label className="lw-slider">
      <span>{name}</span>
      <input
        type="range"
        min={0}
        max={max}
        step={step}
        value={value}
        onChange={(event) => set(Number(event.target.value))}
        onPointerUp={finishSlide}
        onKeyUp={finishSlide}
        onBlur={finishSlide}
      />
    </label>
  );

  return (
    <div className="lw-color">
      <button
        type="button"
        className="lw-swatch-button"
        aria-expanded={open}
        aria-label={`${label}: ${color ? `${hex}, ${Math.round(alpha * 100)} %` : emptyText}`}
        onClick={() => setOpen(!open)}
      >
        <span
          className="lw-swatch"
          style={{
            background: color
              ? `rgba(${shown.r * 255},${shown.g * 255},${shown.b * 255},${shown.a})`
              : undefined,
          }}
          data-mixed={mixed ? true : undefined}
        />
        <span>{color ? hex : emptyText}</span>
      </button>
      {open ? (
        <div className="lw-color-panel" role="group" aria-label={label}>
          <SaturationValueSquare
            hsv={hsv}
            onChange={(next) => setDraft({ hsv: next, a: alpha })}
            onEnd={finishSlide}
          />
          {slider("H", Math.round(hsv.h), 360, 1, (h) =>
            setDraft({ hsv: { ...hsv, h }, a: alpha }),
          )}
          {slider("S", Math.round(hsv.s * 100), 100, 1, (s) =>
            setDraft({ hsv: { ...hsv, s: s / 100 }, a: alpha }),
          )}
          {slider("V", Math.round(hsv.v * 100), 100, 1, (v) =>
            setDraft({ hsv: { ...hsv, v: v / 100 }, a: alpha }),
          )}
          {slider("A", Math.round(alpha * 100), 100, 1, (a) => setDraft({ hsv, a: a / 100 }))}
          <label className="lw-field">
            <span className="lw-field-label">Hex</span>
            <input
              className="lw-input"
              value={hexDraft ?? hex}
              maxLength={9}
              aria-invalid={hexDraft !== null && parseHex(hexDraft) === null}
              onChange={(event) => setHexDraft(event.target.value)}
              onBlur={() => {
                const parsed = hexDraft === null ? null : parseHex(hexDraft, alpha);
                setHexDraft(null);
                if (parsed) apply(parsed);
              }}
              onKeyDown={(event) => {
                if (event.key === "Enter") (event.target as HTMLInputElement).blur();
              }}
            />
          </label>
          {recents.length > 0 ? (
            <div className="lw-recent" role="group" aria-label={t("properties.recent")}>
              {recents.map((entry) => (
                <button
                  key={entry}
                  type="button"
                  className="lw-recent-swatch"
                  style={{ background: entry }}
                  aria-label={entry}
                  onClick={() => {
                    const parsed = parseHex(entry, alpha);
                    if (parsed) apply(parsed);
                  }}
                />
              ))}
            </div>
          ) : null}
        </div>
      ) : null}
    </div>
  );
}
