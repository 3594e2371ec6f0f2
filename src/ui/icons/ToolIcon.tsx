import type { ToolId } from "../../editing/settings";

/** Outline icons on a 24-unit grid, drawn in currentColor so themes colour them. */
const PATHS: Record<ToolId, string> = {
  select: "M5 3l13 8-6 1.5 3.5 6.5-2.5 1.3-3.5-6.5L5 18z",
  hand: "M8 12V5.5a1.5 1.5 0 013 0V11m0-6.5a1.5 1.5 0 013 0V11m0-5a1.5 1.5 0 013 0V14a7 7 0 01-7 7h-1a6 6 0 01-5-2.7L3.5 14a1.6 1.6 0 012.6-1.8L8 14",
  zoom: "M10.5 4a6.5 6.5 0 110 13 6.5 6.5 0 010-13zM15.3 15.3L20 20M8 10.5h5M10.5 8v5",
  frame: "M7 3v18M17 3v18M3 7h18M3 17h18",
  rect: "M4 6h16v12H4z",
  ellipse: "M12 5c4.4 0 8 3.1 8 7s-3.6 7-8 7-8-3.1-8-7 3.6-7 8-7z",
  line: "M5 19L19 5",
  arrow: "M5 19L19 5M11 5h8v8",
  polygon: "M12 3l8.5 6.2-3.2 10H6.7l-3.2-10z",
  pen: "M12 20l7-7-3-3-7 7-2 5 5-2zM16 10l-4-6-6 2 4 4M12 4l-1.5 6.5",
  pencil: "M4 20l1-4L16 5l3 3L8 19zM14 7l3 3",
  text: "M5 6V4h14v2M12 4v16M9 20h6",
  image: "M4 5h16v14H4zM4 16l5-5 4 4 2-2 5 5M15.5 8.5h.01",
  eyedropper: "M14 4l6 6M16.5 3.5a2.1 2.1 0 013 3L17 9l-2-2zM15 7l-9 9-1 4 4-1 9-9",
  eraser:
    "M8 20h12M5.5 14.5l8-8a2 2 0 012.8 0l2.2 2.2a2 2 0 010 2.8L11 19H8.5L5.5 16a1 1 0 010-1.5zM10 10l5 5",
  path: "M5 18c2-9 12-3 14-12M5 18h.01M19 6h.01M4 17h2v2H4zM18 5h2v2h-2z",
  gradient: "M4 4h16v16H4zM7 17L17 7M6 16h2v2H6zM16 6h2v2h-2z",
};

export function ToolIcon({ tool }: { readonly tool: ToolId }) {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
      <path
        d={PATHS[tool]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.7"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

export const TOOL_IDS: readonly ToolId[] = [
  "select",
  "hand",
  "zoom",
  "frame",
  "rect",
  "ellipse",
  "line",
  "arrow",
  "polygon",
  "pen",
  "pencil",
  "text",
  "image",
  "eyedropper",
  "eraser",
  "path",
];
