// Facts about the current request that only the HTTP server knows (client address, request id),
// passed to loaders and actions through React Router's context.
import { createContext, type RouterContextProvider } from "react-router";

export interface RequestInfo {
  ip: string;
  requestId: string;
}

export const requestInfoContext = createContext<RequestInfo>({ ip: "unknown", requestId: "-" });

export function requestInfo(context: Readonly<RouterContextProvider> | undefined): RequestInfo {
  try {
    return context?.get(requestInfoContext) ?? { ip: "unknown", requestId: "-" };
  } catch {
    return { ip: "unknown", requestId: "-" };
  }
}
