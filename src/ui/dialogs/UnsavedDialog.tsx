import { useEffect, useRef, useState } from "react";
import { useMessages } from "../i18n/context";
import type { DocumentActions } from "../services";
import { Dialog } from "./Dialog";
import type { UnsavedGuard } from "./unsavedGuard";

export interface UnsavedDialogProps {
  readonly documents: DocumentActions;
  readonly guard: UnsavedGuard;
  readonly onClose: () => void;
}

/** Asked before New or Open while the open document has changes not written yet. */
export function UnsavedDialog({ documents, guard, onClose }: UnsavedDialogProps) {
  const t = useMessages().t;
  const [waiting, setWaiting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const mounted = useRef(true);
  useEffect(
    () => () => {
      mounted.current = false;
    },
    [],
  );

  const cancel = (): void => {
    guard.cancel();
    onClose();
  };
  const proceed = async (discard: boolean): Promise<void> => {
    try {
      await guard.proceed(discard);
      onClose();
    } catch (reason) {
      if (mounted.current) setError(reason instanceof Error ? reason.message : String(reason));
    }
  };
  const wait = async (): Promise<void> => {
    setWaiting(true);
    await documents.whenSaved();
    // Cancelled while waiting: the switch is gone and nothing more happens.
    if (!guard.waiting) return;
    await proceed(false);
  };

  return (
    <Dialog title={t("unsaved.title")} onClose={cancel}>
      <p>{t("unsaved.text")}</p>
      {waiting ? <p role="status">{t("unsaved.waiting")}</p> : null}
      {error !== null ? (
        <div role="alert" className="lw-field-error">
          {error}
        </div>
      ) : null}
      <div style={{ display: "flex", flexWrap: "wrap", gap: "0.5rem", marginTop: "0.75rem" }}>
        <button
          type="button"
          className="lw-button"
          data-autofocus
          disabled={waiting}
          onClick={() => void wait()}
        >
          {t("unsaved.wait")}
        </button>
        <button type="button" className="lw-button" onClick={() => void proceed(true)}>
          {t("unsaved.discard")}
        </button>
        <button type="button" className="lw-button" onClick={cancel}>
          {t("unsaved.cancel")}
        </button>
      </div>
    </Dialog>
  );
}
