import { useEffect, useRef } from "react";
import type { Banner } from "../editing/banners";
import type { DocumentStore } from "../doc/store";
import type { ToolSettings } from "../editing/settings";
import { useMessages } from "./i18n/context";

export interface AnnouncerProps {
  readonly tools: ToolSettings;
  readonly store: DocumentStore;
  readonly banners: {
    subscribe: (listener: () => void) => () => void;
    get: () => readonly Banner[];
  };
}

/**
 * Tells screen readers about tool changes, the selection count, shapes converted to paths and
 * failed saves. It writes the
 * live region's text directly, so announcements cost no React renders.
 */
export function Announcer({ tools, store, banners }: AnnouncerProps) {
  const { t } = useMessages();
  const polite = useRef<HTMLDivElement>(null);
  const assertive = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const say = (text: string): void => {
      if (polite.current) polite.current.textContent = text;
    };
    let tool = tools.get().tool;
    const stopTools = tools.subscribe(() => {
      const next = tools.get().tool;
      if (next === tool) return;
      tool = next;
      say(t("announce.tool", { name: t(`tool.${next}`) }));
    });
    const stopSelection = store.subscribeSelection((ids) =>
      say(
        ids.length === 0
          ? t("announce.selectionNone")
          : t("announce.selection", { count: ids.length }),
      ),
    );
    // Edit path turns a shape into a path without being asked: say so, and that undo brings it back.
    const stopCommits = store.subscribe((commit) => {
      if (commit.origin === "user" && commit.label === "Convert to path")
        say(t("announce.convertedToPath"));
    });
    let shown = new Set(banners.get().map((banner) => banner.id));
    const stopBanners = banners.subscribe(() => {
      const list = banners.get();
      for (const banner of list) {
        if (banner.tone === "error" && !shown.has(banner.id) && assertive.current)
          assertive.current.textContent = banner.message;
      }
      shown = new Set(list.map((banner) => banner.id));
    });
    return () => {
      stopTools();
      stopSelection();
      stopCommits();
      stopBanners();
    };
  }, [tools, store, banners, t]);

  return (
    <>
      <div ref={polite} className="lw-visually-hidden" aria-live="polite" data-testid="announcer" />
      <div ref={assertive} className="lw-visually-hidden" aria-live="assertive" />
    </>
  );
}
