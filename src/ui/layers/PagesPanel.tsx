import { useId, useLayoutEffect, useRef, useState, type KeyboardEvent } from "react";
import type { DocumentStore } from "../../doc/store";
import type { Id } from "../../doc/types";
import type { DocumentPulse } from "../documentPulse";
import { useShownVersion } from "../hooks";
import { useMessages } from "../i18n/context";
import { Icon } from "../icons/Icon";
import { useRenderCount } from "../renderCount";
import { addPage, deletePage, MAX_PAGE_NAME, movePage, placePage, renamePage } from "./pages";
import { DragHandle } from "./DragHandle";
import { panelKeys } from "../dialogs/panelShortcuts";
import { isRowControl, useRowDrag, type DropTarget } from "./rowDrag";

const PAGE_KEYS = panelKeys("pages");

type PageDrop = "above" | "below";

/** The page row under a point: pages are few, so their rows are measured where they are. */
function pageAt(list: HTMLElement | null, clientY: number): DropTarget<PageDrop> | null {
  const rows = list ? [...list.querySelectorAll<HTMLElement>("[data-page]")] : [];
  for (const [i, row] of rows.entries()) {
    const box = row.getBoundingClientRect();
    if (clientY < box.bottom || i === rows.length - 1) {
      const id = row.dataset["page"]!;
      return { id, position: clientY < box.top + box.height / 2 ? "above" : "below" };
    }
  }
  return null;
}

export interface PagesPanelProps {
  readonly store: DocumentStore;
  readonly pulse: DocumentPulse;
  readonly pageId: Id;
  readonly onShow: (pageId: Id) => void;
}

export function PagesPanel({ store, pulse, pageId, onShow }: PagesPanelProps) {
  useRenderCount("PagesPanel");
  const t = useMessages().t;
  // Pages change with the document, never with the selection.
  useShownVersion(pulse);
  const pages = store.pages();
  const [renaming, setRenaming] = useState<Id | null>(null);
  const list = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const drag = useRowDrag<PageDrop>({
    locate: (_x, clientY, moving) => {
      const target = pageAt(list.current, clientY);
      return target === null || moving.includes(target.id) ? null : target;
    },
    drop: (ids, target) => {
      if (ids[0] !== undefined) placePage(store, ids[0], target.id, target.position);
    },
  });

  // A moved page's row is moved in the DOM, which takes focus from it: give it back.
  const refocus = useRef<Id | null>(null);
  useLayoutEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    refocus.current = null;
    const button = list.current?.querySelector<HTMLElement>(
      `[data-page="${CSS.escape(id)}"] .lw-layer-name`,
    );
    if (button && button.ownerDocument.activeElement !== button)
      button.focus({ preventScroll: true });
  });
  const onPageKey = (event: KeyboardEvent<HTMLElement>, pageId: Id): void => {
    if (event.key === "F2") {
      setRenaming(pageId);
      return;
    }
    const step = event.key === "ArrowUp" ? -1 : event.key === "ArrowDown" ? 1 : 0;
    if (step === 0 || !event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    event.stopPropagation();
    refocus.current = pageId;
    movePage(store, pageId, step);
  };

  return (
    <section className="lw-panel-section" aria-label={t("layers.pages")}>
      <div className="lw-panel-head">
        <h2 className="lw-panel-title">{t("layers.pages")}</h2>
        <button
          type="button"
          className="lw-tiny-button"
          aria-label={t("layers.addPage")}
          onClick={() => onShow(addPage(store))}
        >
          <Icon name="plus" size={14} />
        </button>
      </div>
      <p id={hintId} className="lw-visually-hidden">
        {t("layers.pageMoveHint")}
      </p>
      <div ref={list} role="list" aria-label={t("layers.pages")} className="lw-page-list">
        {pages.map((page, i) => (
          <div
            key={page.id}
            role="listitem"
            className={`lw-page-row${page.id === pageId ? " lw-selected" : ""}${
              drag.target?.id === page.id ? ` lw-drop-${drag.target.position}` : ""
            }${drag.dragged?.includes(page.id) ? " lw-dragging" : ""}`}
            data-page={page.id}
            onPointerDown={(event) => {
              if (renaming !== page.id && !isRowControl(event.target))
                drag.press(event, () => [page.id], false);
            }}
          >
            <DragHandle
              name={page.name}
              onPress={(event) => {
                if (renaming !== page.id) drag.press(event, () => [page.id], true);
              }}
            />
            {renaming === page.id ? (
              <input
                className="lw-input"
                aria-label={t("layers.rename", { name: page.name })}
                defaultValue={page.name}
                maxLength={MAX_PAGE_NAME}
                autoFocus
                onBlur={(event) => {
                  setRenaming(null);
                  renamePage(store, page, event.target.value);
                }}
                onKeyDown={(event) => {
                  if (event.key === "Enter") event.currentTarget.blur();
                  else if (event.key === "Escape") {
                    event.stopPropagation();
                    setRenaming(null);
                  }
                }}
              />
            ) : (
              <button
                type="button"
                className="lw-layer-name"
                aria-current={page.id === pageId ? "page" : undefined}
                aria-describedby={hintId}
                aria-keyshortcuts={PAGE_KEYS}
                onClick={() => {
                  if (!drag.justDragged()) onShow(page.id);
                }}
                onDoubleClick={() => setRenaming(page.id)}
                onKeyDown={(event) => onPageKey(event, page.id)}
              >
                {page.name}
              </button>
            )}
            <button
              type="button"
              className="lw-tiny-button"
              aria-label={`${t("layers.pageUp")}: ${page.name}`}
              disabled={i === 0}
              onClick={() => movePage(store, page.id, -1)}
            >
              <Icon name="up" size={12} />
            </button>
            <button
              type="button"
              className="lw-tiny-button"
              aria-label={`${t("layers.pageDown")}: ${page.name}`}
              disabled={i === pages.length - 1}
              onClick={() => movePage(store, page.id, 1)}
            >
              <Icon name="down" size={12} />
            </button>
            <button
              type="button"
              className="lw-tiny-button"
              aria-label={`${t("layers.deletePage")}: ${page.name}`}
              disabled={pages.length <= 1}
              onClick={() => deletePage(store, page.id)}
            >
              <Icon name="trash" size={12} />
            </button>
          </div>
        ))}
      </div>
    </section>
  );
}
