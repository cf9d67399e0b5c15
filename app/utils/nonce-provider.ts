import { createContext, useContext } from 'react'

/** The per-request Content-Security-Policy nonce, so inline scripts Remix writes can run. */
export const NonceContext = createContext<string>('')
export const NonceProvider = NonceContext.Provider
export const useNonce = () => useContext(NonceContext)
