import { useMemo, useState, type DragEvent } from "react";
import type { DocumentStore } from "../../doc/store";
import type { Id, SceneNode } from "../../doc/types";
import type { DocumentPulse } from "../documentPulse";
import { useDocumentView } from "../hooks";
import { useMessages } from "../i18n/context";
import { Icon } from "../icons/Icon";
import { useRenderCount } from "../renderCount";
import { dropNodes } from "./moves";
import { dropPosition, layerRows, visibleRange, type DropPosition, type LayerRow } from "./tree";

/** Row heights: mouse and keyboard, and touch (44 px targets). */
export const ROW_HEIGHT = 28;
export const TOUCH_ROW_HEIGHT = 44;
const VIEW_HEIGHT = 320;
const MAX_NAME = 200;

export interface LayersPanelProps {
  readonly store: DocumentStore;
  readonly pulse: DocumentPulse;
  readonly pageId: Id;
  readonly touch?: boolean;
}

/**
 * The page's nodes, virtualised: only the rows in view (and a few spare) are in the DOM, so a
 * 100k-node page renders as fast as a small one. Rows are flattened once per document version.
 */
export function LayersPanel({ store, pulse, pageId, touch = false }: LayersPanelProps) {
  useRenderCount("LayersPanel");
  const rowHeight = touch ? TOUCH_ROW_HEIGHT : ROW_HEIGHT;
  const t = useMessages().t;
  const { version, selection } = useDocumentView(pulse);
  const selected = useMemo(() => new Set(selection), [selection]);
  const [expanded, setExpanded] = useState<ReadonlySet<Id>>(() => new Set());
  const [scrollTop, setScrollTop] = useState(0);
  const [renaming, setRenaming] = useState<Id | null>(null);
  const [drop, setDrop] = useState<{ id: Id; position: DropPosition } | null>(null);
  const rows = useMemo(
    () => layerRows(store, pageId, expanded),
    // The version stands for the store's contents, which change in place.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [store, pageId, expanded, version],
  );
  const { start, end } = visibleRange(scrollTop, VIEW_HEIGHT, rowHeight, rows.length);

  const toggle = (id: Id): void => {
    const next = new Set(expanded);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    setExpanded(next);
  };
  const select = (node: SceneNode, additive: boolean): void => {
    if (!additive) store.setSelection([node.id]);
    else if (selected.has(node.id)) store.setSelection(selection.filter((id) => id !== node.id));
    else store.setSelection([...selection, node.id]);
  };
  const flag = (node: SceneNode, key: "locked" | "hidden"): void => {
    store.transact(key === "locked" ? "Lock" : "Hide", (tx) =>
      tx.put({ ...node, [key]: !node[key] }),
    );
  };
  const rename = (node: SceneNode, name: string): void => {
    setRenaming(null);
    const trimmed = name.trim().slice(0, MAX_NAME);
    if (trimmed !== "" && trimmed !== node.name)
      store.transact("Rename", (tx) => tx.put({ ...node, name: trimmed }));
  };
  const dragged = (node: SceneNode): Id[] => (selected.has(node.id) ? [...selection] : [node.id]);
  const onDragOver = (event: DragEvent<HTMLElement>, row: LayerRow): void => {
    event.preventDefault();
    const box = event.currentTarget.getBoundingClientRect();
    const position = dropPosition(
      (event.clientY - box.top) / box.height,
      row.node.type === "group" || row.node.type === "frame",
    );
    if (drop?.id !== row.node.id || drop.position !== position)
      setDrop({ id: row.node.id, position });
  };
  const onDrop = (event: DragEvent<HTMLElement>, row: LayerRow): void => {
    event.preventDefault();
    setDrop(null);
    const text = event.dataTransfer.getData("application/x-linework-nodes");
    let ids: unknown;
    try {
      ids = JSON.parse(text);
    } catch {
      return;
    }
    if (!Array.isArray(ids) || !ids.every((id) => typeof id === "string") || ids.length > 1_000_000)
      return;
    const box = event.currentTarget.getBoundingClientRect();
    const position = dropPosition(
      (event.clientY - box.top) / box.height,
      row.node.type === "group" || row.node.type === "frame",
    );
    dropNodes(store, ids as Id[], row.node, position);
  };

  return (
    <section className="lw-panel-section lw-layers" aria-label={t("layers.label")}>
      <h2 className="lw-panel-title">{t("layers.label")}</h2>
      <div
        className="lw-layer-scroll"
        style={{ height: Math.min(VIEW_HEIGHT, Math.max(rowHeight, rows.length * rowHeight)) }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div
          role="list"
          aria-label={t("layers.label")}
          style={{ height: rows.length * rowHeight, position: "relative" }}
        >
          {rows.slice(start, end).map((row, i) => {
            const { node } = row;
            const index = start + i;
            const isSelected = selected.has(node.id);
            const name = node.name || node.type;
            const dropClass = drop?.id === node.id ? ` lw-drop-${drop.position}` : "";
            return (
              <div
                key={node.id}
                role="listitem"
                aria-setsize={rows.length}
                aria-posinset={index + 1}
                className={`lw-layer-row${isSelected ? " lw-selected" : ""}${dropClass}`}
                style={{
                  top: index * rowHeight,
                  height: rowHeight,
                  paddingLeft: 4 + row.depth * 14,
                }}
                data-node={node.id}
                draggable={renaming !== node.id}
                onDragStart={(event) => {
                  event.dataTransfer.setData(
                    "application/x-linework-nodes",
                    JSON.stringify(dragged(node)),
                  );
                  event.dataTransfer.effectAllowed = "move";
                }}
                onDragOver={(event) => onDragOver(event, row)}
                onDragLeave={() => setDrop(null)}
                onDrop={(event) => onDrop(event, row)}
              >
                {row.hasChildren ? (
                  <button
                    type="button"
                    className="lw-tiny-button"
                    aria-expanded={expanded.has(node.id)}
                    aria-label={t(expanded.has(node.id) ? "layers.collapse" : "layers.expand", {
                      name,
                    })}
                    onClick={() => toggle(node.id)}
                  >
                    <Icon name={expanded.has(node.id) ? "chevronDown" : "chevronRight"} size={12} />
                  </button>
                ) : (
                  <span className="lw-tiny-spacer" />
                )}
                {renaming === node.id ? (
                  <input
                    className="lw-input lw-layer-input"
                    aria-label={t("layers.rename", { name })}
                    defaultValue={node.name}
                    maxLength={MAX_NAME}
                    autoFocus
                    onBlur={(event) => rename(node, event.target.value)}
                    onKeyDown={(event) => {
                      if (event.key === "Enter") rename(node, event.currentTarget.value);
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
                    aria-pressed={isSelected}
                    onClick={(event) =>
                      select(node, event.shiftKey || event.ctrlKey || event.metaKey)
                    }
                    onDoubleClick={() => setRenaming(node.id)}
                    onKeyDown={(event) => {
                      if (event.key === "F2") setRenaming(node.id);
                    }}
                  >
                    {name}
                  </button>
                )}
                <button
                  type="button"
                  className="lw-tiny-button"
                  aria-pressed={node.hidden}
                  aria-label={t("layers.hide", { name })}
                  onClick={() => flag(node, "hidden")}
                >
                  <Icon name={node.hidden ? "eyeOff" : "eye"} size={14} />
                </button>
                <button
                  type="button"
                  className="lw-tiny-button"
                  aria-pressed={node.locked}
                  aria-label={t("layers.lock", { name })}
                  onClick={() => flag(node, "locked")}
                >
                  <Icon name={node.locked ? "lock" : "unlock"} size={14} />
                </button>
              </div>
            );
          })}
        </div>
      </div>
    </section>
  );
}
