import { useSyncExternalStore } from "react";
import type { CommandRegistry } from "../../editing/commands";
import type { Camera } from "../../render/camera";
import { firstShortcut } from "../commandText";
import { useCommands } from "../hooks";
import { useMessages } from "../i18n/context";
import { Icon } from "../icons/Icon";
import { useRenderCount } from "../renderCount";

export interface ZoomControlProps {
  readonly camera: Camera;
  readonly commands: CommandRegistry;
  readonly canvas: HTMLCanvasElement;
}

const STEP = 1.25;

/** Zoom out, the percentage (click for 100 %), zoom in and fit; follows only zoom changes. */
export function ZoomControl({ camera, commands, canvas }: ZoomControlProps) {
  useRenderCount("ZoomControl");
  const messages = useMessages();
  const { t } = messages;
  const zoom = useSyncExternalStore(camera.zoomStore.subscribe, camera.zoomStore.getSnapshot);
  const list = useCommands(commands);
  const has = (id: string): boolean => list.some((command) => command.id === id);
  const tip = (label: string, id: string): string => {
    const shortcut = firstShortcut(commands.get(id));
    return shortcut ? `${label} (${shortcut})` : label;
  };
  const centre = (): { x: number; y: number } => ({
    x: canvas.clientWidth / 2,
    y: canvas.clientHeight / 2,
  });
  // Without the view commands (a page that registers none) the camera is driven directly.
  const run = (id: string, fallback: () => void): void => {
    if (!commands.run(id)) fallback();
  };
  return (
    <div className="lw-zoom" role="group" aria-label={t("zoom.label")}>
      <button
        type="button"
        className="lw-icon-button"
        aria-label={t("zoom.out")}
        title={tip(t("zoom.out"), "view.zoomOut")}
        onClick={() => run("view.zoomOut", () => camera.zoomAt(centre(), 1 / STEP))}
      >
        <Icon name="minus" />
      </button>
      <button
        type="button"
        className="lw-zoom-value"
        aria-label={`${t("zoom.actual")}: ${messages.number(zoom * 100, 0)} %`}
        title={tip(t("zoom.actual"), "view.zoom100")}
        data-testid="zoom-value"
        onClick={() => run("view.zoom100", () => camera.setZoom(1, centre()))}
      >
        {messages.number(zoom * 100, 0)} %
      </button>
      <button
        type="button"
        className="lw-icon-button"
        aria-label={t("zoom.in")}
        title={tip(t("zoom.in"), "view.zoomIn")}
        onClick={() => run("view.zoomIn", () => camera.zoomAt(centre(), STEP))}
      >
        <Icon name="plus" />
      </button>
      {has("view.fitAll") ? (
        <button
          type="button"
          className="lw-icon-button"
          aria-label={t("zoom.fit")}
          title={tip(t("zoom.fit"), "view.fitAll")}
          onClick={() => commands.run("view.fitAll")}
        >
          <Icon name="fit" />
        </button>
      ) : null}
    </div>
  );
}
