import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { loginPath } from '../../lib/paths';
import { endSession } from './session-actions';

/** The explicit logout: ends the session and goes to /login. */
export function useLogout(): () => void {
  const navigate = useNavigate();
  return useCallback(() => {
    endSession('logout');
    navigate(loginPath, { replace: true });
  }, [navigate]);
}
