// Messages are built in a static buffer laid out like an AssemblyScript string (byte length
// stored just before the characters), so reporting a failure never needs the allocator, which
// may be the very thing that failed.

import { abort as abortRaw } from "./env";

const MESSAGE_CHARS: i32 = 240;
const messageBuffer: usize = memory.data(16 + MESSAGE_CHARS * 2, 16);
const messageStart: usize = messageBuffer + 16;
let messageLength: i32 = 0;

export function messageBegin(): void {
  messageLength = 0;
}

// Strings are passed by address throughout so that nothing lands on the shadow stack (see env.ts).
export function messageText(text: usize): void {
  const n = <i32>(load<u32>(text - 4) >> 1);
  for (let i = 0; i < n && messageLength < MESSAGE_CHARS; i++) {
    store<u16>(messageStart + ((<usize>messageLength) << 1), load<u16>(text + ((<usize>i) << 1)));
    messageLength++;
  }
}

export function messageInt(value: i64): void {
  if (value < 0) {
    messageText(changetype<usize>("-"));
    value = -value;
  }
  let digits: i32 = 1;
  for (let v = value; v >= 10; v /= 10) digits++;
  if (messageLength + digits > MESSAGE_CHARS) return;
  let v = value;
  for (let i = digits - 1; i >= 0; i--) {
    store<u16>(messageStart + ((<usize>(messageLength + i)) << 1), <u16>(48 + <i32>(v % 10)));
    v /= 10;
  }
  messageLength += digits;
}

/** Aborts with the message assembled since `messageBegin`. Does not return. */
export function messageAbort(): void {
  store<u32>(messageStart - 8, idof<string>());
  store<u32>(messageStart - 4, (<u32>messageLength) << 1);
  abortRaw(messageStart, 0, 0, 0);
  unreachable();
}
