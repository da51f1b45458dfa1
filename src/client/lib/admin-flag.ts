import { ADMIN_FLAG_KEY } from './constants';

// The flag only picks the first screen; the server decides every admin request by its cookie.
export const adminFlag = {
  isSet: () => safeStorage()?.getItem(ADMIN_FLAG_KEY) === 'true',
  set: () => safeStorage()?.setItem(ADMIN_FLAG_KEY, 'true'),
  clear: () => safeStorage()?.removeItem(ADMIN_FLAG_KEY),
};

function safeStorage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}
