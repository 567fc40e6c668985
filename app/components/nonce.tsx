import { createContext, useContext } from "react";

/** The CSP nonce for inline scripts: set on the server render; empty in the browser (not needed after load). */
export const NonceContext = createContext<string | undefined>(undefined);
export const useNonce = () => useContext(NonceContext);
