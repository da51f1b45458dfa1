import { createContext, useContext } from 'react';

/**
 * Asks the owner to prove it is them again (password or second factor) when an action answers
 * 403 `reauth_required` (docs/decisions/0036-second-factor.md); resolves true once the server took
 * the proof, false if the owner gave up. The admin app provides it; without it, nothing is asked.
 */
export type RequestReauth = () => Promise<boolean>;

export const ReauthContext = createContext<RequestReauth | null>(null);

export const useRequestReauth = () => useContext(ReauthContext);
