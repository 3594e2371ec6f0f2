import { useSyncExternalStore } from "react";
import type { Job } from "../io/jobs";
import { useMessages } from "./i18n/context";
import type { Messages } from "./i18n";

export interface JobProgressProps {
  readonly jobs: {
    subscribe: (listener: () => void) => () => void;
    get: () => readonly Job[];
  };
}

/** What a job's bar says it is doing. */
function doing(job: Job, t: Messages["t"]): string {
  if (job.kind === "export") return t("export.exporting", { name: job.name });
  return t(job.fraction >= 1 ? "import.adding" : "import.importing", { name: job.name });
}

/**
 * A bar and a Cancel button for each large import (read in a worker meanwhile) and each export
 * under way.
 */
export function JobProgress({ jobs }: JobProgressProps) {
  const { t, number } = useMessages();
  const list = useSyncExternalStore(jobs.subscribe, jobs.get);
  if (list.length === 0) return null;
  return (
    <section
      className="lw-job-progress"
      aria-label={t("jobs.progressList")}
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
          data-job={job.id}
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
              {doing(job, t)}
            </span>
            <progress
              aria-label={t(job.kind === "export" ? "export.progressOf" : "import.progress", {
                name: job.name,
              })}
              aria-valuetext={`${number(Math.round(job.fraction * 100), 0)} %`}
              value={job.fraction}
              max={1}
              style={{ width: "100%" }}
            />
          </span>
          <button type="button" className="lw-button" onClick={job.cancel}>
            {t(job.kind === "export" ? "export.cancel" : "import.cancel")}
          </button>
        </div>
      ))}
    </section>
  );
}
