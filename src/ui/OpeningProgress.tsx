import { useSyncExternalStore } from "react";
import { useMessages } from "./i18n/context";
import type { OpeningStore } from "./services";

export interface OpeningProgressProps {
  readonly opening: OpeningStore;
}

/**
 * A bar and a Cancel button while a drawing of the library is being opened in place of the one
 * on screen, which stays there, editable, until the new one is ready.
 */
export function OpeningProgress({ opening }: OpeningProgressProps) {
  const { t, number } = useMessages();
  const shown = useSyncExternalStore(opening.subscribe, opening.get);
  if (shown === null) return null;
  return (
    <section
      className="lw-opening-progress"
      role="status"
      aria-label={t("documents.opening", { name: shown.name })}
      style={{
        position: "absolute",
        top: 56,
        left: "50%",
        transform: "translateX(-50%)",
        width: "min(420px, 92%)",
        background: "var(--lw-bg-solid)",
        color: "var(--lw-fg)",
        border: "1px solid var(--lw-border)",
        borderRadius: "var(--lw-radius)",
        padding: "8px 12px",
        fontSize: "var(--lw-font-md)",
        boxShadow: "var(--lw-shadow)",
        display: "flex",
        alignItems: "center",
        gap: 12,
        pointerEvents: "auto",
        // Above an open dialog: its Cancel must stay within reach.
        zIndex: 1000,
      }}
    >
      <span style={{ flex: "1 1 auto", minWidth: 0 }}>
        <span style={{ display: "block", overflow: "hidden", textOverflow: "ellipsis" }}>
          {t("documents.opening", { name: shown.name })}
        </span>
        <progress
          aria-label={t("documents.openingProgress", { name: shown.name })}
          aria-valuetext={`${number(Math.round(shown.fraction * 100), 0)} %`}
          value={shown.fraction}
          max={1}
          style={{ width: "100%" }}
        />
      </span>
      <button type="button" className="lw-button" onClick={shown.cancel}>
        {t("documents.cancelOpening")}
      </button>
    </section>
  );
}
