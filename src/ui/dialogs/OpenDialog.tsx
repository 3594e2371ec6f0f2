import { useCallback, useEffect, useId, useMemo, useState, type KeyboardEvent } from "react";
import type { CommandRegistry } from "../../editing/commands";
import { isAbortError } from "../../io/steps";
import type { FileInfo } from "../../persist/library";
import { useMessages } from "../i18n/context";
import type { DocumentActions } from "../services";
import { Dialog } from "./Dialog";
import { byRecent, recentlySaved } from "./documentListing";
import type { UnsavedGuard } from "./unsavedGuard";

export interface OpenDialogProps {
  /** "open" lists the whole library; "recover" only what was saved in the last 7 days. */
  readonly mode: "open" | "recover";
  readonly documents: DocumentActions;
  readonly guard: UnsavedGuard;
  readonly commands: CommandRegistry;
  readonly onClose: () => void;
}

/** What the row under the list is doing: plain actions, renaming, or asking before a delete. */
type Step = { kind: "idle" } | { kind: "rename"; name: string } | { kind: "confirmDelete" };

const MAX_NAME_LENGTH = 200;
const ROW = {
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: "0.5rem",
  marginTop: "0.75rem",
} as const;

/** The library's drawings, most recent first, with Open, Rename, Duplicate and Delete. */
export function OpenDialog({ mode, documents, guard, commands, onClose }: OpenDialogProps) {
  const messages = useMessages();
  const { t } = messages;
  const listId = useId();
  const [files, setFiles] = useState<readonly FileInfo[] | null>(null);
  const [active, setActive] = useState(0);
  const [step, setStep] = useState<Step>({ kind: "idle" });
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const when = useMemo(
    () => new Intl.DateTimeFormat(messages.locale, { dateStyle: "medium", timeStyle: "short" }),
    [messages.locale],
  );

  const listFiles = useCallback(async (): Promise<readonly FileInfo[]> => {
    const library = documents.library();
    const all = library ? await library.list() : [];
    return mode === "recover" ? recentlySaved(all, Date.now()) : byRecent(all);
  }, [documents, mode]);

  useEffect(() => {
    let live = true;
    listFiles()
      .then((shown) => {
        if (live) setFiles(shown);
      })
      .catch((reason: unknown) => {
        if (live) setError(t("documents.failed", { reason: text(reason) }));
      });
    return () => {
      live = false;
    };
  }, [listFiles, t]);

  const list = files ?? [];
  const index = Math.min(active, Math.max(0, list.length - 1));
  const selected = list[index] ?? null;
  const currentPath = documents.currentPath();

  /** Runs a library action, shows its failure in the dialog, and refreshes the list. */
  const act = async (action: () => Promise<string | null>): Promise<void> => {
    setBusy(true);
    setError(null);
    try {
      const focusPath = await action();
      const shown = await listFiles();
      setFiles(shown);
      if (focusPath !== null) {
        const at = shown.findIndex((info) => info.path === focusPath);
        if (at >= 0) setActive(at);
      }
      setStep({ kind: "idle" });
    } catch (reason) {
      setError(t("documents.failed", { reason: text(reason) }));
    } finally {
      setBusy(false);
    }
  };

  const openSelected = (): void => {
    if (!selected) return;
    if (selected.path === currentPath) {
      onClose();
      return;
    }
    const path = selected.path;
    setBusy(true);
    setError(null);
    // On success this dialog is closed (or replaced by the unsaved-changes question).
    guard
      .request((discardUnsaved) => documents.open(path, { discardUnsaved }))
      .catch((reason: unknown) => {
        // Cancelled (or replaced by another switch): the open drawing stays, nothing went wrong.
        if (isAbortError(reason)) return;
        setError(t("documents.failed", { reason: text(reason) }));
      })
      .finally(() => setBusy(false));
  };

  const onListKey = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (list.length === 0) return;
    const moves: Record<string, number> = {
      ArrowDown: index + 1,
      ArrowUp: index - 1,
      Home: 0,
      End: list.length - 1,
    };
    const next = moves[event.key];
    if (next !== undefined) {
      event.preventDefault();
      setActive(Math.max(0, Math.min(list.length - 1, next)));
      setStep({ kind: "idle" });
    } else if (event.key === "Enter") {
      event.preventDefault();
      openSelected();
    }
  };

  const library = documents.library();
  const optionId = (at: number): string => `${listId}-${at}`;
  const empty = mode === "recover" ? t("documents.recoverEmpty") : t("documents.empty");

  return (
    <Dialog
      title={mode === "recover" ? t("documents.recoverTitle") : t("documents.openTitle")}
      onClose={onClose}
    >
      {mode === "recover" ? <p className="lw-muted">{t("documents.recoverHint")}</p> : null}
      <div
        id={listId}
        role="listbox"
        aria-label={t("documents.list")}
        aria-activedescendant={selected ? optionId(index) : undefined}
        tabIndex={0}
        data-autofocus
        className="lw-palette-list"
        style={{ maxHeight: "50vh", minWidth: "24rem" }}
        onKeyDown={onListKey}
      >
        {files === null ? <div className="lw-muted">{t("documents.loading")}</div> : null}
        {files !== null && list.length === 0 ? <div className="lw-muted">{empty}</div> : null}
        {list.map((info, at) => (
          <div
            key={info.path}
            id={optionId(at)}
            role="option"
            aria-selected={at === index}
            className="lw-palette-option"
            onClick={() => {
              setActive(at);
              setStep({ kind: "idle" });
            }}
            onDoubleClick={openSelected}
          >
            <span>{info.name}</span>
            <span className="lw-palette-category">
              {t("documents.modified", { time: when.format(new Date(info.modified)) })}
            </span>
            <span className="lw-palette-category">
              {info.path === currentPath ? t("documents.current") : ""}
            </span>
          </div>
        ))}
      </div>
      {error !== null ? (
        <div role="alert" className="lw-field-error">
          {error}
        </div>
      ) : null}
      {step.kind === "rename" && selected && library ? (
        <form
          style={ROW}
          onSubmit={(event) => {
            event.preventDefault();
            void act(() => documents.rename(selected.path, step.name));
          }}
        >
          <label>
            {t("documents.newName")}{" "}
            <input
              className="lw-input"
              value={step.name}
              maxLength={MAX_NAME_LENGTH}
              autoFocus
              onChange={(event) => setStep({ kind: "rename", name: event.target.value })}
            />
          </label>
          <button type="submit" className="lw-button" disabled={busy || step.name.trim() === ""}>
            {t("documents.rename")}
          </button>
          <button type="button" className="lw-button" onClick={() => setStep({ kind: "idle" })}>
            {t("documents.cancel")}
          </button>
        </form>
      ) : null}
      {step.kind === "confirmDelete" && selected && library ? (
        <div style={ROW} role="group" aria-label={t("documents.delete")}>
          <span>{t("documents.confirmDelete", { name: selected.name })}</span>
          <button
            type="button"
            className="lw-button"
            autoFocus
            disabled={busy}
            onClick={() =>
              void act(async () => {
                await library.remove(selected.path);
                return null;
              })
            }
          >
            {t("documents.delete")}
          </button>
          <button type="button" className="lw-button" onClick={() => setStep({ kind: "idle" })}>
            {t("documents.cancel")}
          </button>
        </div>
      ) : null}
      <div style={ROW}>
        <button
          type="button"
          className="lw-button"
          disabled={!selected || busy}
          onClick={openSelected}
        >
          {t("documents.open")}
        </button>
        <button
          type="button"
          className="lw-button"
          disabled={!selected || busy}
          onClick={() => selected && setStep({ kind: "rename", name: selected.name })}
        >
          {t("documents.rename")}
        </button>
        <button
          type="button"
          className="lw-button"
          disabled={!selected || busy || !library}
          onClick={() => selected && library && void act(() => library.duplicate(selected.path))}
        >
          {t("documents.duplicate")}
        </button>
        <button
          type="button"
          className="lw-button"
          disabled={!selected || busy || selected.path === currentPath}
          onClick={() => setStep({ kind: "confirmDelete" })}
        >
          {t("documents.delete")}
        </button>
        {commands.get("file.open") ? (
          <button
            type="button"
            className="lw-button"
            onClick={() => {
              onClose();
              commands.run("file.open");
            }}
          >
            {t("documents.fromDisk")}
          </button>
        ) : null}
      </div>
    </Dialog>
  );
}

function text(reason: unknown): string {
  return reason instanceof Error ? reason.message : String(reason);
}
