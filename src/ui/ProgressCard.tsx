import type { CSSProperties, ReactNode } from "react";
import { useMessages } from "./i18n/context";

/** How a card of long work in progress looks: a line of what it does, its bar and Cancel. */
export const PROGRESS_CARD_STYLE: CSSProperties = {
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
};

export interface ProgressCardBodyProps {
  /** What is being done, on one line. */
  readonly doing: ReactNode;
  /** The bar's accessible name. */
  readonly barLabel: string;
  /** How much is done, from 0 to 1. */
  readonly fraction: number;
  readonly cancelLabel: string;
  /** Null once the work is past stopping: the button stays, disabled. */
  readonly onCancel: (() => void) | null;
}

/** What a progress card holds (see `PROGRESS_CARD_STYLE`), for whichever element is the card. */
export function ProgressCardBody(props: ProgressCardBodyProps) {
  const { number } = useMessages();
  return (
    <>
      <span style={{ flex: "1 1 auto", minWidth: 0 }}>
        <span style={{ display: "block", overflow: "hidden", textOverflow: "ellipsis" }}>
          {props.doing}
        </span>
        <progress
          aria-label={props.barLabel}
          aria-valuetext={`${number(Math.round(props.fraction * 100), 0)} %`}
          value={props.fraction}
          max={1}
          style={{ width: "100%" }}
        />
      </span>
      <button
        type="button"
        className="lw-button"
        disabled={props.onCancel === null}
        onClick={props.onCancel ?? undefined}
      >
        {props.cancelLabel}
      </button>
    </>
  );
}
