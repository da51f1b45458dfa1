import { StrictMode } from 'react';
import { ToastProvider } from '../ui/toast';
import { LandingPage } from './landing-page';

/**
 * The landing page on its own, without the router: what is prerendered and hydrated at `/`.
 * The router (and the login and admin screens) load only for the other paths.
 */
export function LandingRoot() {
  return (
    <StrictMode>
      <ToastProvider>
        <LandingPage />
      </ToastProvider>
    </StrictMode>
  );
}
