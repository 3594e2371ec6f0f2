import { useState } from "react";
import type { DocumentStore } from "../../doc/store";
import type { Id } from "../../doc/types";
import type { DocumentPulse } from "../documentPulse";
import { useDocumentView } from "../hooks";
import { useMessages } from "../i18n/context";
import { Icon } from "../icons/Icon";
import { useRenderCount } from "../renderCount";
import { addPage, deletePage, MAX_PAGE_NAME, movePage, renamePage } from "./pages";

export interface PagesPanelProps {
  readonly store: DocumentStore;
  readonly pulse: DocumentPulse;
  readonly pageId: Id;
  readonly onShow: (pageId: Id) => void;
}

export function PagesPanel({ store, pulse, pageId, onShow }: PagesPanelProps) {
  useRenderCount("PagesPanel");
  const t = useMessages().t;
  useDocumentView(pulse);
  const pages = store.pages();
  const [renaming, setRenaming] = useState<Id | null>(null);
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
      <div role="list" aria-label={t("layers.pages")} className="lw-page-list">
        {pages.map((page, i) => (
          <div
            key={page.id}
            role="listitem"
            className={`lw-page-row${page.id === pageId ? " lw-selected" : ""}`}
            data-page={page.id}
          >
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
                onClick={() => onShow(page.id)}
                onDoubleClick={() => setRenaming(page.id)}
                onKeyDown={(event) => {
                  if (event.key === "F2") setRenaming(page.id);
                }}
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
