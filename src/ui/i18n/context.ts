import { createContext, useContext } from "react";
import { createMessages, type Messages } from "./index";

export const MessagesContext = createContext<Messages>(createMessages("C"));

export function useMessages(): Messages {
  return useContext(MessagesContext);
}
