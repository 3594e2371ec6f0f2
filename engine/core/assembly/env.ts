// Host imports. A `declare`d function is imported from the module named after its file ("env").

/**
 * The host's abort, with the message passed by address: passing a managed string would keep it
 * on the shadow stack, and an abort never pops that frame, so every reported failure would leak
 * shadow-stack space.
 */
export declare function abort(message: usize, fileName: usize, line: u32, column: u32): void;
