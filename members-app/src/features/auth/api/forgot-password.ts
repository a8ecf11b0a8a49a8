import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export function requestPasswordReset(body: { email: string }): Promise<{ message: string }> {
  return api.post('/api/forgot-password', body);
}

export function useForgotPassword() {
  return useMutation({ mutationFn: requestPasswordReset });
}
