import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export function getAdminCheck(): Promise<{ isAdmin: boolean }> {
  return api.get('/api/admin/check');
}

export const adminCheckQueryOptions = () =>
  queryOptions({ queryKey: authKeys.adminCheck(), queryFn: getAdminCheck, staleTime: 0 });

export function useAdminCheck() {
  return useQuery(adminCheckQueryOptions());
}

export function adminSignIn(body: { password: string }): Promise<{ success: boolean }> {
  return api.post('/api/admin/auth', body);
}

export function useAdminSignIn() {
  return useMutation({ mutationFn: adminSignIn });
}

export function adminSignOut(): Promise<unknown> {
  return api.post('/api/admin/logout');
}

export function useAdminSignOut() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminSignOut,
    onSuccess: () => queryClient.setQueryData(authKeys.adminCheck(), { isAdmin: false }),
  });
}
