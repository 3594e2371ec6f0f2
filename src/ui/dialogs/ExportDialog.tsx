import { useEffect, useId, useRef, useState, type CSSProperties } from "react";
import type { Id } from "../../doc/types";
import type { DocumentExports } from "../../io/export/documentExports";
import { MAX_SCALE } from "../../io/export/png";
import type { ExportScope } from "../../io/export/svg";
import { isAbortError } from "../../io/steps";
import { useMessages } from "../i18n/context";
import { Dialog } from "./Dialog";
import { EXPORT_FORMATS, exportFormat } from "../../io/export/formats";
import { exportFile, parseScale, type ExportFormat } from "./exportRequest";

/** What the export dialog needs from the program: the exporters and a way to hand over a file. */
export interface ExportServices {
  readonly exports: DocumentExports;
  /** Hands a finished file to the person (a download in browsers). */
  save(blob: Blob, fileName: string): void;
}

export interface ExportDialogProps {
  readonly services: ExportServices;
  /** The selection when the dialog opened; empty for none. */
  readonly selection: readonly Id[];
  readonly pageId: Id;
  /** The page's top-level frames, any of which can be exported alone. */
  readonly frames: readonly { readonly id: Id; readonly name: string }[];
  /** The file's name without extension. */
  readonly baseName: string;
  readonly onClose: () => void;
}

type Target = "selection" | "page" | `frame:${string}`;
type ScaleChoice = "1" | "2" | "3" | "custom";

/** Choices side by side, so the dialog fits short screens without scrolling. */
const CHOICE_ROW: CSSProperties = { flexDirection: "row", flexWrap: "wrap", columnGap: 16 };

function scopeOf(target: Target, selection: readonly Id[], pageId: Id): ExportScope {
  if (target === "selection") return { nodes: selection };
  if (target === "page") return { page: pageId };
  return { frame: target.slice("frame:".length) };
}

/**
 * File → Export…: format, what to export, PNG scale and background. An export shows its
 * progress and can be cancelled; closing the dialog cancels it too.
 */
export function ExportDialog(props: ExportDialogProps) {
  const { services, selection, pageId, frames, baseName, onClose } = props;
  const t = useMessages().t;
  const ids = useId();
  const [format, setFormat] = useState<ExportFormat>("svg");
  const [target, setTarget] = useState<Target>(selection.length > 0 ? "selection" : "page");
  const [scaleChoice, setScaleChoice] = useState<ScaleChoice>("2");
  const [customScale, setCustomScale] = useState("4");
  const [background, setBackground] = useState(true);
  const [outlineText, setOutlineText] = useState(false);
  const [progress, setProgress] = useState<{ done: number; total: number } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const running = useRef<AbortController | null>(null);
  useEffect(() => () => running.current?.abort(), []);

  const offers = exportFormat(format);
  // A PDF page is a whole page or frame, so the selection is not offered for PDF.
  const selectionAllowed = selection.length > 0 && offers.selection;
  const shownTarget: Target = target === "selection" && !selectionAllowed ? "page" : target;
  const scale = scaleChoice === "custom" ? parseScale(customScale) : Number(scaleChoice);
  const busy = progress !== null;
  const canExport = !busy && (!offers.scale || scale !== null);

  const start = (): void => {
    if (!canExport) return;
    const controller = new AbortController();
    running.current = controller;
    setError(null);
    setNote(null);
    setProgress({ done: 0, total: 1 });
    exportFile(
      services.exports,
      {
        format,
        scope: scopeOf(shownTarget, selection, pageId),
        scale: scale ?? 1,
        background,
        outlineText: offers.outlineText && outlineText,
        baseName,
      },
      {
        signal: controller.signal,
        onProgress: (done, total) => {
          if (!controller.signal.aborted) setProgress({ done, total });
        },
      },
    ).then(
      ({ blob, fileName }) => {
        if (controller.signal.aborted) return;
        running.current = null;
        services.save(blob, fileName);
        onClose();
      },
      (failure: unknown) => {
        if (running.current !== controller) return;
        running.current = null;
        setProgress(null);
        if (isAbortError(failure)) setNote(t("export.cancelled"));
        else
          setError(
            t("export.failed", {
              reason: failure instanceof Error ? failure.message : String(failure),
            }),
          );
      },
    );
  };

  const cancel = (): void => {
    const controller = running.current;
    if (!controller) return;
    running.current = null;
    controller.abort();
    setProgress(null);
    setNote(t("export.cancelled"));
  };

  return (
    <Dialog title={t("export.title")} onClose={onClose}>
      <form
        style={{ overflowY: "auto", minHeight: 0 }}
        onSubmit={(event) => {
          event.preventDefault();
          start();
        }}
      >
        <fieldset className="lw-fieldset" style={CHOICE_ROW} disabled={busy}>
          <legend>{t("export.format")}</legend>
          {EXPORT_FORMATS.map(({ id: value, label }) => (
            <label key={value} className="lw-check">
              <input
                type="radio"
                name={`${ids}-format`}
                value={value}
                checked={format === value}
                data-autofocus={format === value ? true : undefined}
                onChange={() => setFormat(value)}
              />
              {label}
            </label>
          ))}
        </fieldset>
        <fieldset className="lw-fieldset" style={CHOICE_ROW} disabled={busy}>
          <legend>{t("export.what")}</legend>
          {selectionAllowed ? (
            <label className="lw-check">
              <input
                type="radio"
                name={`${ids}-target`}
                checked={shownTarget === "selection"}
                onChange={() => setTarget("selection")}
              />
              {t("export.selection", { count: selection.length })}
            </label>
          ) : null}
          <label className="lw-check">
            <input
              type="radio"
              name={`${ids}-target`}
              checked={shownTarget === "page"}
              onChange={() => setTarget("page")}
            />
            {t("export.page")}
          </label>
          {frames.map((frame) => (
            <label key={frame.id} className="lw-check">
              <input
                type="radio"
                name={`${ids}-target`}
                checked={shownTarget === `frame:${frame.id}`}
                onChange={() => setTarget(`frame:${frame.id}`)}
              />
              {t("export.frame", { name: frame.name || frame.id })}
            </label>
          ))}
        </fieldset>
        {offers.scale ? (
          <fieldset className="lw-fieldset" style={CHOICE_ROW} disabled={busy}>
            <legend>{t("export.scale")}</legend>
            {(["1", "2", "3"] as const).map((value) => (
              <label key={value} className="lw-check">
                <input
                  type="radio"
                  name={`${ids}-scale`}
                  checked={scaleChoice === value}
                  onChange={() => setScaleChoice(value)}
                />
                {`${value}×`}
              </label>
            ))}
            <label className="lw-check">
              <input
                type="radio"
                name={`${ids}-scale`}
                checked={scaleChoice === "custom"}
                onChange={() => setScaleChoice("custom")}
              />
              {t("export.customScale")}
            </label>
            {scaleChoice === "custom" ? (
              <label className="lw-field" style={{ flexBasis: "100%" }}>
                <span className="lw-field-label">{t("export.customScaleValue")}</span>
                <input
                  className="lw-input"
                  inputMode="decimal"
                  value={customScale}
                  aria-invalid={scale === null}
                  aria-describedby={scale === null ? `${ids}-scale-error` : undefined}
                  onChange={(event) => setCustomScale(event.target.value)}
                />
                {scale === null ? (
                  <span id={`${ids}-scale-error`} className="lw-field-error">
                    {t("export.scaleInvalid", { max: MAX_SCALE })}
                  </span>
                ) : null}
              </label>
            ) : null}
          </fieldset>
        ) : null}
        {offers.background === "choice" ? (
          <label className="lw-check">
            <input
              type="checkbox"
              checked={background}
              disabled={busy}
              onChange={(event) => setBackground(event.target.checked)}
            />
            {t("export.background")}
          </label>
        ) : null}
        {offers.outlineText ? (
          <label className="lw-check">
            <input
              type="checkbox"
              checked={outlineText}
              disabled={busy}
              onChange={(event) => setOutlineText(event.target.checked)}
            />
            {t("export.outlineText")}
          </label>
        ) : null}
        {/* Cancel takes Export's place, so the button under the pointer stops what it started. */}
        <div className="lw-field-box">
          {busy ? (
            // Keys keep the two buttons apart: one reused element would turn the click that
            // cancels into a submit once it re-renders as Export, starting the export again.
            <button key="cancel" type="button" className="lw-button" onClick={cancel}>
              {t("export.cancel")}
            </button>
          ) : (
            <button key="export" type="submit" className="lw-button" disabled={!canExport}>
              {t("export.export")}
            </button>
          )}
        </div>
        {progress ? (
          <progress
            aria-label={t("export.progress")}
            value={progress.done}
            max={Math.max(1, progress.total)}
          />
        ) : null}
        {error ? <p role="alert">{error}</p> : null}
        <p role="status">{note ?? ""}</p>
      </form>
    </Dialog>
  );
}
