import { useCallback, useEffect, useRef, useSyncExternalStore } from "react";
import type { Banner } from "../../editing/banners";
import type { ToolSettings } from "../../editing/settings";
import type { DocumentPulse } from "../documentPulse";
import { useDocumentView } from "../hooks";
import { useMessages } from "../i18n/context";
import type { MessageKey } from "../i18n";
import { Icon } from "../icons/Icon";
import { useRenderCount } from "../renderCount";
import type { ChromeServices } from "../services";
import type { CursorStore } from "./cursorStore";
import { saveState, type SaveState } from "./saveState";
import type { StoragePersistence } from "../../persist/durableStorage";

export interface StatusBarProps {
  readonly pulse: DocumentPulse;
  readonly cursor: CursorStore;
  readonly status: ChromeServices["status"];
  readonly banners: {
    subscribe: (listener: () => void) => () => void;
    get: () => readonly Banner[];
  };
  readonly tools: ToolSettings;
  /** False when the page does not save: no save state is claimed then. */
  readonly persisting: boolean;
}

/** Label and tooltip for each answer the browser gave about keeping the drawings. */
const STORAGE_TEXT: Record<
  Exclude<StoragePersistence, "unknown">,
  { readonly label: MessageKey; readonly hint: MessageKey }
> = {
  persistent: { label: "status.persistent", hint: "status.persistentHint" },
  "best-effort": { label: "status.bestEffort", hint: "status.bestEffortHint" },
};

const SAVE_TEXT: Record<SaveState, MessageKey> = {
  saved: "status.saved",
  saving: "status.saving",
  retrying: "status.retrying",
};

export function StatusBar({ pulse, cursor, status, banners, tools, persisting }: StatusBarProps) {
  useRenderCount("StatusBar");
  const messages = useMessages();
  const { t } = messages;
  const { selection } = useDocumentView(pulse);
  const doc = useSyncExternalStore(status.subscribe, status.get);
  const list = useSyncExternalStore(banners.subscribe, banners.get);
  const penMode = useSyncExternalStore(
    tools.subscribe,
    useCallback(() => tools.get().penMode, [tools]),
  );
  const coords = useRef<HTMLOutputElement>(null);

  useEffect(() => {
    let frame = 0;
    const write = (): void => {
      frame = 0;
      const point = cursor.get();
      if (coords.current)
        coords.current.textContent = point
          ? `${messages.number(point.x, 1)}, ${messages.number(point.y, 1)}`
          : "–";
    };
    write();
    // At most one DOM write per display frame, however fast the pointer reports.
    const stop = cursor.subscribe(() => {
      if (frame === 0) frame = requestAnimationFrame(write);
    });
    return () => {
      stop();
      if (frame !== 0) cancelAnimationFrame(frame);
    };
  }, [cursor, messages]);

  const save = saveState(doc, list);
  const storage =
    doc.storage === undefined || doc.storage === "unknown" ? null : STORAGE_TEXT[doc.storage];
  return (
    <footer className="lw-statusbar" aria-label={t("status.label")}>
      <span className="lw-status-item">
        <span className="lw-visually-hidden">{t("status.cursor")}: </span>
        <output ref={coords} className="lw-coords" aria-label={t("status.cursor")} />
      </span>
      <span className="lw-status-item" data-testid="selection-count">
        {selection.length === 0
          ? t("status.nothingSelected")
          : t("status.selection", { count: selection.length })}
      </span>
      {penMode ? (
        <span className="lw-status-item lw-pen" data-testid="pen-mode">
          <Icon name="pen" size={14} /> {t("status.pen")}
        </span>
      ) : null}
      {persisting ? (
        <span className={`lw-status-item lw-save lw-save-${save}`} data-testid="save-state">
          {t(SAVE_TEXT[save])}
        </span>
      ) : null}
      {persisting && storage !== null ? (
        <span
          className={`lw-status-item lw-storage lw-storage-${doc.storage}`}
          data-testid="storage-persistence"
          title={t(storage.hint)}
        >
          {t(storage.label)}
        </span>
      ) : null}
    </footer>
  );
}
