import { useSyncExternalStore } from "react";
import type { CanvasRect } from "../app/canvasRect";
import type { DocumentStatus } from "../app/documentStatus";
import { Banners, type BannersProps } from "./Banners";
import { FullscreenButton } from "./FullscreenButton";

export interface OverlayProps {
  readonly rect: { subscribe: (listener: () => void) => () => void; getSnapshot: () => CanvasRect };
  readonly status: { subscribe: (listener: () => void) => () => void; get: () => DocumentStatus };
  readonly onToggleFullscreen: () => void;
  /** Storage messages; absent when the page does not save. */
  readonly banners?: BannersProps["banners"];
}

/**
 * The chrome layer over the canvas. It follows the canvas rectangle through the engine's resize
 * callbacks and lets every pointer event it does not use fall through to the canvas.
 */
export function Overlay({ rect, status, onToggleFullscreen, banners }: OverlayProps) {
  const box = useSyncExternalStore(rect.subscribe, rect.getSnapshot);
  const doc = useSyncExternalStore(status.subscribe, status.get);
  return (
    <div
      className="lw-overlay"
      data-testid="overlay"
      style={{ left: box.left, top: box.top, width: box.width, height: box.height }}
    >
      <header className="lw-docbar" aria-label="Document">
        <span className="lw-docname">{doc.name}</span>
        {doc.dirty ? (
          <span className="lw-unsaved" aria-label="Unsaved changes" title="Unsaved changes">
            •
          </span>
        ) : null}
      </header>
      <FullscreenButton onToggle={onToggleFullscreen} />
      {banners ? <Banners banners={banners} /> : null}
    </div>
  );
}
