import type { ToolId } from "../../editing/settings";
import { toolInfo } from "../../tools/catalog";

/** A tool's outline icon from its declaration, drawn in currentColor so themes colour it. */
export function ToolIcon({ tool }: { readonly tool: ToolId }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={toolInfo(tool).icon}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
