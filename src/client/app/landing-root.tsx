import { StrictMode } from 'react';
import { Island } from '../ui/island';
import { ToastViewport } from '../ui/toast';
import { LandingPage } from './landing-page';

/**
 * The landing page on its own, without the router: what is prerendered and hydrated at `/`.
 * The router (and the login and admin screens) load only for the other paths.
 */
export function LandingRoot() {
  return (
    <StrictMode>
      <LandingPage />
      {/* The page's one place for toasts, which every island's messages reach (ui/toast.tsx). */}
      <Island name="toasts">
        <ToastViewport />
      </Island>
    </StrictMode>
  );
}
