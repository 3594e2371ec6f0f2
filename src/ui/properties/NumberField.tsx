import { useId, useRef, useState } from "react";
import { focusCanvasNear } from "../focusCanvas";
import { useMessages } from "../i18n/context";
import { useRenderCount } from "../renderCount";
import { evaluateField, UNIT_PX } from "./expression";
import type { Field } from "./summary";

export interface NumberFieldProps {
  readonly label: string;
  readonly field: Field<number>;
  readonly onCommit: (value: number) => void;
  readonly units?: Readonly<Record<string, number>>;
  readonly digits?: number;
  /** Shown after the value, e.g. "°". */
  readonly suffix?: string;
}

/**
 * A numeric field that takes arithmetic and units ("100*2", "+10", "25mm"). The typed text is kept
 * while the field has focus; Enter or leaving the field applies it, Esc puts the value back.
 * Bad input stays in the field with the reason beside it and changes nothing.
 */
export function NumberField({
  label,
  field,
  onCommit,
  units = UNIT_PX,
  digits = 2,
  suffix,
}: NumberFieldProps) {
  useRenderCount("NumberField");
  const messages = useMessages();
  const [draft, setDraft] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const errorId = useId();
  const inputId = useId();
  // Esc leaves the field without keeping what was typed: its blur must not commit it.
  const reverting = useRef(false);
  if (field.state === "none") return null;
  const current = field.state === "same" && Number.isFinite(field.value) ? field.value : null;
  const shown = current === null ? "" : messages.plain(current, digits);

  const commit = (): void => {
    if (reverting.current) {
      reverting.current = false;
      return;
    }
    if (draft === null) return;
    if (draft.trim() === "" && current === null) {
      setDraft(null);
      setError(null);
      return;
    }
    // Locales that write a decimal comma: "1,5" means 1.5 here; grouping is not typed into fields.
    const result = evaluateField(draft.replace(/(\d),(\d)/g, "$1.$2"), current, units);
    if (!result.ok) {
      setError(result.error);
      return;
    }
    setDraft(null);
    setError(null);
    if (current === null || result.value !== current) onCommit(result.value);
  };

  return (
    <div className="lw-field">
      <label className="lw-field-label" htmlFor={inputId}>
        {label}
      </label>
      <span className="lw-field-box">
        <input
          id={inputId}
          className="lw-input"
          inputMode="decimal"
          aria-invalid={error !== null}
          aria-describedby={error !== null ? errorId : undefined}
          placeholder={field.state === "mixed" ? messages.t("properties.mixed") : undefined}
          value={draft ?? shown}
          // Showing what the document holds: Ctrl+Z here is the document's undo (chromeFocus).
          data-committed={draft === null ? "" : undefined}
          onChange={(event) => {
            setDraft(event.target.value);
            setError(null);
          }}
          onBlur={commit}
          onKeyDown={(event) => {
            if (event.key === "Enter") {
              event.preventDefault();
              commit();
            } else if (event.key === "Escape") {
              // As in Figma: Esc drops what was typed and hands the keyboard to the canvas.
              event.preventDefault();
              event.stopPropagation();
              setDraft(null);
              setError(null);
              reverting.current = true;
              focusCanvasNear(event.currentTarget);
              reverting.current = false;
            }
          }}
        />
        {suffix ? (
          <span className="lw-field-suffix" aria-hidden="true">
            {suffix}
          </span>
        ) : null}
      </span>
      {error !== null ? (
        <span id={errorId} className="lw-field-error" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
