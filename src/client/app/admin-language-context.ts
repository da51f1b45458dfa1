import { createContext, useContext } from 'react';

export interface AdminLanguage {
  /** The locale the admin is in now. */
  locale: string;
  /** Switches every admin text at once, and keeps the choice for the owner's other devices. */
  choose: (locale: string) => void;
}

/** Set by AdminLanguageProvider around every admin screen; null elsewhere (the login page). */
export const AdminLanguageContext = createContext<AdminLanguage | null>(null);

export const useAdminLanguage = () => useContext(AdminLanguageContext);
