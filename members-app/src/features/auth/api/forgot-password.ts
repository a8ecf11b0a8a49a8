import { useMutation } from '@tanstack/react-query';
import { messageSchema } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';

export const requestPasswordReset = (body: { email: string }) =>
  api.post(messageSchema, '/api/forgot-password', body);

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
