import { useMutation } from '@tanstack/react-query';
import { messageSchema, type ResetPasswordBody } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const resetPassword = (body: ResetPasswordBody) =>
  api.post(messageSchema, '/api/reset-password', body);

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
