import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";
import { useMessages } from "../i18n/context";

export interface DialogProps {
  readonly title: string;
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly className?: string;
  /** Hide the visible title (the palette shows its input instead); it still names the dialog. */
  readonly hideTitle?: boolean;
}

const FOCUSABLE =
  "button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea, [href], [tabindex]:not([tabindex='-1'])";

/**
 * A modal dialog: focus moves in and stays in (Tab wraps), Esc or the backdrop closes it. Where
 * focus goes afterwards is the owner's choice (the canvas, in this program).
 */
export function Dialog({ title, onClose, children, className, hideTitle = false }: DialogProps) {
  const t = useMessages().t;
  const box = useRef<HTMLDivElement>(null);
  const titleId = useId();

  useEffect(() => {
    const first =
      box.current?.querySelector<HTMLElement>("[data-autofocus]") ??
      box.current?.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>): void => {
    if (event.key === "Escape") {
      event.preventDefault();
      event.stopPropagation();
      onClose();
      return;
    }
    if (event.key !== "Tab" || !box.current) return;
    const all = Array.from(box.current.querySelectorAll<HTMLElement>(FOCUSABLE));
    const first = all[0];
    const last = all.at(-1);
    if (!first || !last) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <div
      className="lw-backdrop"
      onPointerDown={(event) => {
        if (event.target === event.currentTarget) onClose();
      }}
    >
      <div
        ref={box}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        className={className ? `lw-dialog ${className}` : "lw-dialog"}
        onKeyDown={onKeyDown}
      >
        <div className={hideTitle ? "lw-visually-hidden" : "lw-dialog-head"}>
          <h2 id={titleId} className="lw-dialog-title">
            {title}
          </h2>
          {hideTitle ? null : (
            <button type="button" className="lw-button" onClick={onClose}>
              {t("dialog.close")}
            </button>
          )}
        </div>
        {children}
      </div>
    </div>
  );
}
