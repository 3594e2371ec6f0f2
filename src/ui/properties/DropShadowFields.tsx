import {
  DEFAULT_SHADOW,
  shadowColor,
  shadowsOfNode,
  withoutFilter,
  withShadows,
  type DropShadow,
} from "../../actions/dropShadow";
import type { DocumentStore } from "../../doc/store";
import { MAX_SHADOWS } from "../../doc/shadows";
import type { SceneNode } from "../../doc/types";
import { isGroup } from "../../shapes/group";
import { useMessages } from "../i18n/context";
import { ColorPicker } from "./ColorPicker";
import { clamp, editNodes, LIMITS } from "./edits";
import { NumberField } from "./NumberField";
import type { RecentColours } from "./recentColours";

/** The largest blur the field takes, in the group's units. */
const BLUR_LIMIT = { min: 0, max: 1000 };

/**
 * A selected group's effects, as Figma lists them: each drop shadow with its offset, blur,
 * colour (with opacity), whether it shows behind transparent areas, and Remove; Add drop shadow
 * for another. A filter that is not drop shadows (from an SVG) shows as a custom filter that
 * can only be removed. Each change is one undo step.
 */
export function DropShadowFields({
  store,
  node,
  recent,
}: {
  readonly store: DocumentStore;
  readonly node: SceneNode;
  readonly recent: RecentColours;
}) {
  const t = useMessages().t;
  if (!isGroup(node)) return null;
  const shadows = shadowsOfNode(node);
  const list = shadows === "other" ? null : (shadows ?? []);
  const set = (label: string, next: readonly DropShadow[]): void =>
    editNodes(store, label, [node.id], (n) => withShadows(store, n, next));
  const change = (label: string, at: number, part: Partial<DropShadow>): void => {
    if (list === null) return;
    set(
      label,
      list.map((s, i) => (i === at ? { ...s, ...part } : s)),
    );
  };
  return (
    <fieldset className="lw-fieldset" aria-label={t("properties.effects")}>
      <legend>{t("properties.effects")}</legend>
      {list === null ? (
        <>
          <p className="lw-muted">{t("properties.customFilter")}</p>
          <button
            type="button"
            className="lw-button"
            aria-label={t("properties.customFilterRemove")}
            onClick={() => editNodes(store, "Remove filter", [node.id], withoutFilter)}
          >
            {t("properties.shadowRemove")}
          </button>
        </>
      ) : (
        <>
          {list.map((shadow, i) => {
            const name = t("properties.shadowN", { n: i + 1 });
            return (
              <fieldset key={i} className="lw-fieldset" aria-label={name}>
                <legend>{name}</legend>
                <div className="lw-grid2">
                  <NumberField
                    label={t("properties.shadowX")}
                    field={{ state: "same", value: shadow.dx }}
                    onCommit={(dx) => change("Shadow X", i, { dx: clamp(dx, LIMITS.position) })}
                  />
                  <NumberField
                    label={t("properties.shadowY")}
                    field={{ state: "same", value: shadow.dy }}
                    onCommit={(dy) => change("Shadow Y", i, { dy: clamp(dy, LIMITS.position) })}
                  />
                  <NumberField
                    label={t("properties.shadowBlur")}
                    field={{ state: "same", value: shadow.stdDeviation }}
                    onCommit={(blur) =>
                      change("Shadow blur", i, { stdDeviation: clamp(blur, BLUR_LIMIT) })
                    }
                  />
                </div>
                <ColorPicker
                  label={t("properties.shadowColor")}
                  color={shadow.color}
                  mixed={false}
                  recent={recent}
                  onCommit={(color) => change("Shadow colour", i, { color: shadowColor(color) })}
                />
                <label className="lw-check">
                  <input
                    type="checkbox"
                    checked={!shadow.clipped}
                    onChange={(event) =>
                      change("Shadow behind", i, { clipped: !event.target.checked })
                    }
                  />
                  {t("properties.shadowBehind")}
                </label>
                <button
                  type="button"
                  className="lw-button"
                  aria-label={t("properties.shadowRemoveN", { n: i + 1 })}
                  onClick={() =>
                    set(
                      "Remove drop shadow",
                      list.filter((_, j) => j !== i),
                    )
                  }
                >
                  {t("properties.shadowRemove")}
                </button>
              </fieldset>
            );
          })}
          <button
            type="button"
            className="lw-button"
            disabled={list.length >= MAX_SHADOWS}
            onClick={() => set("Add drop shadow", [...list, DEFAULT_SHADOW])}
          >
            {t("properties.shadowAdd")}
          </button>
        </>
      )}
    </fieldset>
  );
}
