import {
  DEFAULT_SHADOW,
  shadowColor,
  shadowOf,
  withShadow,
  type DropShadow,
} from "../../actions/dropShadow";
import type { DocumentStore } from "../../doc/store";
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
 * A selected group's drop shadow: Add, or its offset, blur and colour and Remove; a filter of
 * another shape (from an SVG) can only be removed here. Each change is one undo step.
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
  const shadow = shadowOf(node);
  const set = (label: string, next: DropShadow | null): void =>
    editNodes(store, label, [node.id], (n) => withShadow(store, n, next));
  const change = (label: string, part: Partial<DropShadow>): void => {
    if (shadow === null || shadow === "other") return;
    set(label, { ...shadow, ...part });
  };
  return (
    <fieldset className="lw-fieldset" aria-label={t("properties.shadow")}>
      <legend>{t("properties.shadow")}</legend>
      {shadow === null ? (
        <button
          type="button"
          className="lw-button"
          onClick={() => set("Add drop shadow", DEFAULT_SHADOW)}
        >
          {t("properties.shadowAdd")}
        </button>
      ) : (
        <>
          {shadow === "other" ? (
            <p className="lw-muted">{t("properties.shadowOther")}</p>
          ) : (
            <>
              <div className="lw-grid2">
                <NumberField
                  label={t("properties.shadowX")}
                  field={{ state: "same", value: shadow.dx }}
                  onCommit={(dx) => change("Shadow X", { dx: clamp(dx, LIMITS.position) })}
                />
                <NumberField
                  label={t("properties.shadowY")}
                  field={{ state: "same", value: shadow.dy }}
                  onCommit={(dy) => change("Shadow Y", { dy: clamp(dy, LIMITS.position) })}
                />
                <NumberField
                  label={t("properties.shadowBlur")}
                  field={{ state: "same", value: shadow.stdDeviation }}
                  onCommit={(blur) =>
                    change("Shadow blur", { stdDeviation: clamp(blur, BLUR_LIMIT) })
                  }
                />
              </div>
              <ColorPicker
                label={t("properties.shadowColor")}
                color={shadow.color}
                mixed={false}
                recent={recent}
                onCommit={(color) => change("Shadow colour", { color: shadowColor(color) })}
              />
            </>
          )}
          <button type="button" className="lw-button" onClick={() => set("Remove filter", null)}>
            {t("properties.shadowRemove")}
          </button>
        </>
      )}
    </fieldset>
  );
}
