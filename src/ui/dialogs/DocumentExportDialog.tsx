import { useState } from "react";
import { exportBaseName } from "../../app/exportCommands";
import type { Editor } from "../../app/editor";
import { ExportDialog, type ExportServices } from "./ExportDialog";
import { isFrame } from "../../shapes/frame";

/**
 * The export dialog for the open document: the selection, page and frames as they were when it
 * opened, so editing behind the dialog does not change what is being exported.
 */
export function DocumentExportDialog({
  services,
  current,
  onClose,
}: {
  readonly services: ExportServices;
  readonly current: Editor;
  readonly onClose: () => void;
}) {
  const [choices] = useState(() => {
    const store = current.store;
    const pageId = current.pageId();
    return {
      pageId,
      selection: store.selection,
      frames: store
        .childrenOf(pageId)
        .filter(isFrame)
        .map((node) => ({ id: node.id, name: node.name })),
      baseName: exportBaseName(current),
    };
  });
  return <ExportDialog services={services} {...choices} onClose={onClose} />;
}
