import { useSyncExternalStore } from "react";
import type { Banner } from "../editing/banners";

export interface BannersProps {
  readonly banners: {
    subscribe: (listener: () => void) => () => void;
    get: () => readonly Banner[];
  };
}

const TONES: Record<Banner["tone"], { background: string; border: string }> = {
  error: { background: "#fde8e8", border: "#c81e1e" },
  warning: { background: "#fdf6b2", border: "#c27803" },
  info: { background: "#e1effe", border: "#1c64f2" },
};

/** Storage problems and tab hand-overs, which the user must see and may have to act on. */
export function Banners({ banners }: BannersProps) {
  const list = useSyncExternalStore(banners.subscribe, banners.get);
  if (list.length === 0) return null;
  return (
    <div
      className="lw-banners"
      style={{
        position: "absolute",
        top: 40,
        left: "50%",
        transform: "translateX(-50%)",
        width: "min(640px, 92%)",
        display: "flex",
        flexDirection: "column",
        gap: 8,
        pointerEvents: "auto",
        zIndex: 10,
      }}
    >
      {list.map((banner) => (
        <div
          key={banner.id}
          // Problems interrupt; information waits its turn.
          role={banner.tone === "info" ? "status" : "alert"}
          data-banner={banner.id}
          style={{
            background: TONES[banner.tone].background,
            borderLeft: `4px solid ${TONES[banner.tone].border}`,
            color: "#111",
            padding: "8px 12px",
            borderRadius: 4,
            font: "14px/1.4 Inter, sans-serif",
            boxShadow: "0 1px 4px rgba(0,0,0,0.2)",
            display: "flex",
            flexWrap: "wrap",
            alignItems: "center",
            gap: 8,
          }}
        >
          <span style={{ flex: "1 1 auto" }}>{banner.message}</span>
          {banner.actions.map((action) =>
            action.href !== undefined ? (
              <a key={action.label} href={action.href} download={action.download}>
                {action.label}
              </a>
            ) : (
              <button key={action.label} type="button" onClick={action.onClick}>
                {action.label}
              </button>
            ),
          )}
        </div>
      ))}
    </div>
  );
}
