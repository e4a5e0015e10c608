import { useSetAtom } from 'jotai';
import { useCallback } from 'react';

import { login, tokenOf } from '../../api/auth';
import { loginFailedAtom, loginSucceededAtom } from './atoms';
import { loginErrorMessage, TOKEN_NOT_RECEIVED } from './loginError';

/** The login action: stores the token, or records the catalogue's message as authError. */
export function useLogin() {
  const succeeded = useSetAtom(loginSucceededAtom);
  const failed = useSetAtom(loginFailedAtom);
  return useCallback(
    async (mail: string, password: string) => {
      try {
        const data = await login({ mail, password });
        const token = await tokenOf(data);
        if (token) succeeded(token);
        else failed(TOKEN_NOT_RECEIVED);
      } catch (err) {
        failed(loginErrorMessage(err));
      }
    },
    [succeeded, failed],
  );
}
