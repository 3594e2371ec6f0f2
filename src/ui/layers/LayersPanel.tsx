import {
  useId,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type KeyboardEvent,
  type PointerEvent,
} from "react";
import type { DocumentStore } from "../../doc/store";
import { isContainer, isSceneNode, type Id, type SceneNode } from "../../doc/types";
import type { DocumentPulse } from "../documentPulse";
import { useDocumentView } from "../hooks";
import { useMessages } from "../i18n/context";
import { Icon } from "../icons/Icon";
import { useRenderCount } from "../renderCount";
import { dropNodes, moveByKey, type KeyMove } from "./moves";
import { panelKeys } from "../dialogs/panelShortcuts";
import { DragHandle } from "./DragHandle";
import { isRowControl, useRowDrag } from "./rowDrag";
import { keepRowInPlace, releaseRoom, scrollingAncestor } from "./rowAnchor";
import { dropPosition, layerRows, rowAt, visibleRange, type DropPosition } from "./tree";

/** Row heights: mouse and keyboard, and touch (44 px targets). */
export const ROW_HEIGHT = 28;
export const TOUCH_ROW_HEIGHT = 44;
const VIEW_HEIGHT = 320;
const MAX_NAME = 200;
/** Alt+arrows on a focused row move its node (see `moveByKey`). */
const KEY_MOVES: Readonly<Record<string, KeyMove>> = {
  ArrowUp: "up",
  ArrowDown: "down",
  ArrowLeft: "out",
  ArrowRight: "in",
};
const LAYER_KEYS = panelKeys("layers");
/** While dragging near the list's top or bottom edge, it scrolls this far per pointer move. */
const EDGE = 24;
const EDGE_STEP = 12;

function scrollNearEdge(scroller: HTMLElement | null, clientY: number): void {
  if (!scroller) return;
  const box = scroller.getBoundingClientRect();
  if (clientY < box.top + EDGE) scroller.scrollTop -= EDGE_STEP;
  else if (clientY > box.bottom - EDGE) scroller.scrollTop += EDGE_STEP;
}

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
  const section = useRef<HTMLElement>(null);
  /** A row clicked to change the selection, and where it was: it stays there (see below). */
  const anchor = useRef<{ readonly id: Id; readonly top: number } | null>(null);
  const select = (node: SceneNode, additive: boolean, row: HTMLElement | null): void => {
    const next = !additive
      ? [node.id]
      : selected.has(node.id)
        ? selection.filter((id) => id !== node.id)
        : [...selection, node.id];
    if (next.length === selection.length && next.every((id, i) => id === selection[i])) return;
    anchor.current = row === null ? null : { id: node.id, top: row.getBoundingClientRect().top };
    store.setSelection(next);
  };
  // The properties panel above grows or shrinks with the selection. A row clicked stays under
  // the pointer, so the double-click's second click (and the next click) finds it; a selection
  // made anywhere else lets the side panels lie as they fall.
  useLayoutEffect(() => {
    const held = anchor.current;
    anchor.current = null;
    const own = section.current;
    if (own === null) return;
    const scroller = scrollingAncestor(own);
    const row =
      held === null
        ? null
        : list.current?.querySelector<HTMLElement>(`[data-node="${CSS.escape(held.id)}"]`);
    if (held === null || scroller === null || !row) releaseRoom(own);
    else keepRowInPlace(scroller, row, held.top, own);
  }, [selection]);
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
  const list = useRef<HTMLDivElement>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const hintId = useId();
  const drag = useRowDrag<DropPosition>({
    locate: (_x, clientY, moving) => {
      const top = list.current?.getBoundingClientRect().top;
      const at = top === undefined ? null : rowAt(clientY - top, rowHeight, rows.length);
      const row = at === null ? undefined : rows.at(at.index);
      if (at === null || row === undefined || moving.includes(row.node.id)) return null;
      return { id: row.node.id, position: dropPosition(at.offset, isContainer(row.node)) };
    },
    drop: (ids, target) => {
      const node = store.get(target.id);
      if (isSceneNode(node)) dropNodes(store, ids, node, target.position);
    },
    onMove: (clientY) => scrollNearEdge(scroller.current, clientY),
  });
  const moving = useMemo(() => new Set(drag.dragged), [drag.dragged]);
  const press = (event: PointerEvent<HTMLElement>, node: SceneNode, fromHandle: boolean): void => {
    if (renaming === node.id || (!fromHandle && isRowControl(event.target))) return;
    drag.press(event, () => dragged(node), fromHandle);
  };

  // After a move from the keyboard the row is re-rendered elsewhere (or scrolled out of the
  // virtualised range): bring it into view and give its name button focus back.
  const refocus = useRef<Id | null>(null);
  useLayoutEffect(() => {
    const id = refocus.current;
    if (id === null) return;
    const index = rows.indexOf(id);
    const view = scroller.current;
    if (index < 0 || !view) {
      refocus.current = null;
      return;
    }
    const top = index * rowHeight;
    if (top < view.scrollTop || top + rowHeight > view.scrollTop + view.clientHeight)
      view.scrollTop = Math.max(0, top - (view.clientHeight - rowHeight) / 2);
    const button = list.current?.querySelector<HTMLElement>(
      `[data-node="${CSS.escape(id)}"] .lw-layer-name`,
    );
    if (button) {
      refocus.current = null;
      if (button.ownerDocument.activeElement !== button) button.focus({ preventScroll: true });
    }
  });
  const onRowKey = (event: KeyboardEvent<HTMLElement>, node: SceneNode): void => {
    if (event.key === "F2") {
      setRenaming(node.id);
      return;
    }
    const move = KEY_MOVES[event.key];
    if (!move || !event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    // Alt+Left and Alt+Right are the browser's Back and Forward otherwise.
    event.preventDefault();
    event.stopPropagation();
    const parent = moveByKey(store, node.id, move);
    if (parent === null) return;
    refocus.current = node.id;
    if (parent !== pageId && !expanded.has(parent)) setExpanded(new Set(expanded).add(parent));
  };

  return (
    <section ref={section} className="lw-panel-section lw-layers" aria-label={t("layers.label")}>
      <h2 className="lw-panel-title">{t("layers.label")}</h2>
      <p id={hintId} className="lw-visually-hidden">
        {t("layers.moveHint")}
      </p>
      <div
        ref={scroller}
        className="lw-layer-scroll"
        style={{ height: Math.min(VIEW_HEIGHT, Math.max(rowHeight, rows.length * rowHeight)) }}
        onScroll={(event) => setScrollTop(event.currentTarget.scrollTop)}
      >
        <div
          ref={list}
          role="list"
          aria-label={t("layers.label")}
          style={{ height: rows.length * rowHeight, position: "relative" }}
        >
          {rows.slice(start, end).map((row, i) => {
            const { node } = row;
            const index = start + i;
            const isSelected = selected.has(node.id);
            const name = node.name || node.type;
            const dropClass = drag.target?.id === node.id ? ` lw-drop-${drag.target.position}` : "";
            const dragClass = moving.has(node.id) ? " lw-dragging" : "";
            return (
              <div
                key={node.id}
                role="listitem"
                aria-setsize={rows.length}
                aria-posinset={index + 1}
                className={`lw-layer-row${isSelected ? " lw-selected" : ""}${dropClass}${dragClass}`}
                style={{
                  top: index * rowHeight,
                  height: rowHeight,
                  paddingLeft: 4 + row.depth * 14,
                }}
                data-node={node.id}
                onPointerDown={(event) => press(event, node, false)}
              >
                <DragHandle name={name} onPress={(event) => press(event, node, true)} />
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
                    // The whole name, as in Figma and file managers: typing replaces it.
                    onFocus={(event) => event.currentTarget.select()}
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
                    aria-describedby={hintId}
                    aria-keyshortcuts={LAYER_KEYS}
                    onClick={(event) => {
                      if (!drag.justDragged())
                        select(
                          node,
                          event.shiftKey || event.ctrlKey || event.metaKey,
                          event.currentTarget.closest<HTMLElement>("[data-node]"),
                        );
                    }}
                    onDoubleClick={() => setRenaming(node.id)}
                    onKeyDown={(event) => onRowKey(event, node)}
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
