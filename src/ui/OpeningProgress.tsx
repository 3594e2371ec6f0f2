import { useSyncExternalStore } from "react";
import { useMessages } from "./i18n/context";
import { PROGRESS_CARD_STYLE, ProgressCardBody } from "./ProgressCard";
import type { OpeningStore } from "./services";

export interface OpeningProgressProps {
  readonly opening: OpeningStore;
}

/**
 * A bar and a Cancel button while a drawing of the library is being opened in place of the one
 * on screen, which stays there, editable, until the new one is ready.
 */
export function OpeningProgress({ opening }: OpeningProgressProps) {
  const { t } = useMessages();
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
        ...PROGRESS_CARD_STYLE,
        pointerEvents: "auto",
        // Above an open dialog: its Cancel must stay within reach.
        zIndex: 1000,
      }}
    >
      <ProgressCardBody
        doing={t("documents.opening", { name: shown.name })}
        barLabel={t("documents.openingProgress", { name: shown.name })}
        fraction={shown.fraction}
        cancelLabel={t("documents.cancelOpening")}
        onCancel={shown.cancel}
      />
    </section>
  );
}
