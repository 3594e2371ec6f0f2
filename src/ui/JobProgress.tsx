import { useSyncExternalStore } from "react";
import type { Job } from "../io/jobs";
import { useMessages } from "./i18n/context";
import { PROGRESS_CARD_STYLE, ProgressCardBody } from "./ProgressCard";
import type { Messages } from "./i18n";

export interface JobProgressProps {
  readonly jobs: {
    subscribe: (listener: () => void) => () => void;
    get: () => readonly Job[];
  };
}

const BAR_LABELS = {
  import: "import.progress",
  export: "export.progressOf",
  copy: "copy.progressOf",
  paste: "paste.progressOf",
} as const satisfies Record<Job["kind"], string>;

/** What a job's bar says it is doing. */
function doing(job: Job, t: Messages["t"]): string {
  if (job.kind === "export") return t("export.exporting", { name: job.name });
  if (job.kind === "copy") return t("copy.copying", { name: job.name });
  if (job.kind === "paste") return t("paste.pasting", { name: job.name });
  return t(job.fraction >= 1 ? "import.adding" : "import.importing", { name: job.name });
}

/**
 * A bar and a Cancel button for each large import (read in a worker meanwhile), each export
 * and each copy to the clipboard under way.
 */
export function JobProgress({ jobs }: JobProgressProps) {
  const { t } = useMessages();
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
        <div key={job.id} data-job={job.id} style={PROGRESS_CARD_STYLE}>
          <ProgressCardBody
            doing={doing(job, t)}
            barLabel={t(BAR_LABELS[job.kind], { name: job.name })}
            fraction={job.fraction}
            cancelLabel={t(job.kind === "import" ? "import.cancel" : "export.cancel")}
            onCancel={job.cancel}
          />
        </div>
      ))}
    </section>
  );
}
