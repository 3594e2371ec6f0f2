import type { PointerEvent } from "react";
import { useMessages } from "../i18n/context";
import { Icon } from "../icons/Icon";

/**
 * A row's grip: always shown, never only on hover. A finger drags only from here, so the rest
 * of the row still scrolls the list; from the keyboard the row's Alt+arrow keys do the same.
 */
export function DragHandle({
  name,
  onPress,
}: {
  readonly name: string;
  readonly onPress: (event: PointerEvent<HTMLElement>) => void;
}) {
  const t = useMessages().t;
  return (
    <span
      className="lw-drag-handle"
      role="img"
      aria-label={t("layers.drag", { name })}
      title={t("layers.dragHint")}
      onPointerDown={(event) => {
        // The row's own press handler would start a second, thresholded drag.
        event.stopPropagation();
        onPress(event);
      }}
    >
      <Icon name="menu" size={12} />
    </span>
  );
}
