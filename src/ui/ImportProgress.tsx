import { useSyncExternalStore } from "react";
import type { ImportJob } from "../io/import/importJobs";
import { useMessages } from "./i18n/context";

export interface ImportProgressProps {
  readonly jobs: {
    subscribe: (listener: () => void) => () => void;
    get: () => readonly ImportJob[];
  };
}

/** A bar and a Cancel button for each large import under way (read in a worker meanwhile). */
export function ImportProgress({ jobs }: ImportProgressProps) {
  const { t, number } = useMessages();
  const list = useSyncExternalStore(jobs.subscribe, jobs.get);
  if (list.length === 0) return null;
  return (
    <section
      className="lw-import-progress"
      aria-label={t("import.progressList")}
      style={{
        position: "absolute",
        bottom: 56,
        left: "50%",
        transform: "translateX(-50%)",
        width: "min(420px, 92%)",
        display: "flex",
        flexDirection: "column",
        gap: 8,
        pointerEvents: "auto",
        zIndex: 10,
      }}
    >
      {list.map((job) => (
        <div
          key={job.id}
          data-import-job={job.id}
          style={{
            background: "var(--lw-bg-solid)",
            color: "var(--lw-fg)",
            border: "1px solid var(--lw-border)",
            borderRadius: "var(--lw-radius)",
            padding: "8px 12px",
            fontSize: "var(--lw-font-md)",
            boxShadow: "var(--lw-shadow)",
            display: "flex",
            alignItems: "center",
            gap: 12,
          }}
        >
          <span style={{ flex: "1 1 auto", minWidth: 0 }}>
            <span style={{ display: "block", overflow: "hidden", textOverflow: "ellipsis" }}>
              {t(job.fraction >= 1 ? "import.adding" : "import.importing", { name: job.name })}
            </span>
            <progress
              aria-label={t("import.progress", { name: job.name })}
              aria-valuetext={`${number(Math.round(job.fraction * 100), 0)} %`}
              value={job.fraction}
              max={1}
              style={{ width: "100%" }}
            />
          </span>
          <button type="button" className="lw-button" onClick={job.cancel}>
            {t("import.cancel")}
          </button>
        </div>
      ))}
    </section>
  );
}
