import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { adminFlag } from './admin-flag';
import { api, ApiError } from '../../lib/api';

export class SessionEndedError extends Error {}

/** Admin requests: a 401 means the server no longer knows this browser, so back to /login. */
export function useAdminApi() {
  const navigate = useNavigate();
  return useCallback(
    async <T = void>(...args: Parameters<typeof api>): Promise<T> => {
      try {
        return await api<T>(...args);
      } catch (error) {
        if (error instanceof ApiError && error.status === 401) {
          adminFlag.clear();
          navigate('/login', { replace: true });
          throw new SessionEndedError('Session ended');
        }
        throw error;
      }
    },
    [navigate],
  );
}
