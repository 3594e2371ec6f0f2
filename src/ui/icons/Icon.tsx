/** Small interface glyphs (24-unit grid, currentColor). */
const GLYPHS = {
  menu: "M4 6h16M4 12h16M4 18h16",
  keep: "M9 4h6l-1 6 3 3H7l3-3zM12 13v7",
  eye: "M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12zM12 9a3 3 0 110 6 3 3 0 010-6z",
  eyeOff:
    "M3 3l18 18M10.6 6.1A9.7 9.7 0 0112 6c6.4 0 10 6 10 6a17 17 0 01-3 3.7M6.6 6.6A17 17 0 002 12s3.6 7 10 7a9.3 9.3 0 005.4-1.6",
  lock: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 017 0v3",
  unlock: "M6 11h12v9H6zM8.5 11V8a3.5 3.5 0 016.8-1.2",
  chevronRight: "M9 6l6 6-6 6",
  chevronDown: "M6 9l6 6 6-6",
  plus: "M12 5v14M5 12h14",
  minus: "M5 12h14",
  trash: "M4 7h16M9 7V4h6v3M6 7l1 13h10l1-13",
  up: "M12 19V5M6 11l6-6 6 6",
  down: "M12 5v14M6 13l6 6 6-6",
  search: "M10.5 4a6.5 6.5 0 110 13 6.5 6.5 0 010-13zM15.3 15.3L20 20",
  sun: "M12 8a4 4 0 110 8 4 4 0 010-8zM12 2v2M12 20v2M2 12h2M20 12h2M4.9 4.9l1.4 1.4M17.7 17.7l1.4 1.4M4.9 19.1l1.4-1.4M17.7 6.3l1.4-1.4",
  moon: "M20 14.5A8 8 0 019.5 4 8 8 0 1020 14.5z",
  panels: "M4 4h16v16H4zM14 4v16",
  fit: "M4 9V4h5M20 9V4h-5M4 15v5h5M20 15v5h-5",
  pen: "M12 20l7-7-3-3-7 7-2 5 5-2z",
} as const;

export type GlyphName = keyof typeof GLYPHS;

export function Icon({ name, size = 16 }: { readonly name: GlyphName; readonly size?: number }) {
  return (
    <svg viewBox="0 0 24 24" width={size} height={size} aria-hidden="true" focusable="false">
      <path
        d={GLYPHS[name]}
        fill="none"
        stroke="currentColor"
        strokeWidth="1.8"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}
