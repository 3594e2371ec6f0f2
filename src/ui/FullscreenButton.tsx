import { useSyncExternalStore } from "react";

function subscribe(listener: () => void): () => void {
  document.addEventListener("fullscreenchange", listener);
  return () => document.removeEventListener("fullscreenchange", listener);
}

const isFullscreen = (): boolean => document.fullscreenElement !== null;

/** Full-window drawing: the parent goes fullscreen, so this chrome stays over the canvas. */
export function FullscreenButton({ onToggle }: { readonly onToggle: () => void }) {
  const fullscreen = useSyncExternalStore(subscribe, isFullscreen);
  const label = fullscreen ? "Exit full screen" : "Enter full screen";
  return (
    <button
      type="button"
      className="lw-fullscreen"
      aria-label={label}
      title={label}
      onClick={onToggle}
    >
      <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true">
        <path
          d={
            fullscreen
              ? "M6 2v4H2M10 2v4h4M6 14v-4H2M10 14v-4h4"
              : "M2 6V2h4M14 6V2h-4M2 10v4h4M14 10v4h-4"
          }
          fill="none"
          stroke="currentColor"
          strokeWidth="1.6"
          strokeLinecap="round"
          strokeLinejoin="round"
        />
      </svg>
    </button>
  );
}
