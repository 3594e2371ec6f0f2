/**
 * The constants of the specification's §9, named once. Each is imported where its behaviour lives;
 * nothing else in the engine restates these numbers.
 */

/** A fit of the canvas is re-applied this long after the parent, its children or fullscreen change. */
export const RESIZE_DELAY_MS = 200;

/** Initialisation is retried at this interval until the canvas aspect ratio is known. */
export const INIT_RETRY_INTERVAL_MS = 50;

/** The parent container's size in the default (emscripten-style) shell. */
export const SHELL_PARENT_HEIGHT = "70vh";
export const SHELL_PARENT_WIDTH = "100%";
/** The shell styling applies when at least this many elements have the class `emscripten`. */
export const SHELL_MARKER_CLASS = "emscripten";
export const SHELL_MARKER_MIN_COUNT = 3;

/** The core's linear memory may grow to 2 GiB: 32768 WebAssembly pages of 64 KiB. */
export const WASM_PAGE_BYTES = 65536;
export const HEAP_MAXIMUM_BYTES = 2 * 1024 * 1024 * 1024;
export const HEAP_MAXIMUM_PAGES = HEAP_MAXIMUM_BYTES / WASM_PAGE_BYTES;

/** The core's stack, in bytes. */
export const STACK_SIZE_BYTES = 65536;

/**
 * Audio decoding timeout from the specification. Linework decodes no audio, so nothing uses it;
 * it is kept here so the specification's table stays complete in one place.
 */
export const AUDIO_DECODING_TIMEOUT_MS = 10_000;

/** Size of the virtual file table: the document library never holds more files open at once. */
export const MAX_OPEN_FILES = 4096;

/** Touch points reported per event; points beyond this are dropped. */
export const MAX_TOUCH_POINTS = 31;

/** The binary the engine loads, same-origin, relative to the page. */
export const CORE_BINARY_NAME = "linework.wasm";
