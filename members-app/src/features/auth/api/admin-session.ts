import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import type { AdminAuthBody } from '@sleep-ritual/contracts/auth';
import { api } from '../../../lib/api-client.ts';
import { authKeys } from './keys.ts';

export const getAdminCheck = () =>
  api.get(() => import('@sleep-ritual/contracts/auth').then((m) => m.adminCheckSchema), '/api/admin/check');

export const adminCheckQueryOptions = () =>
  queryOptions({ queryKey: authKeys.adminCheck(), queryFn: getAdminCheck, staleTime: 0 });

export function useAdminCheck() {
  return useQuery(adminCheckQueryOptions());
}

export const adminSignIn = (body: AdminAuthBody) =>
  api.post(
    () => import('@sleep-ritual/contracts/auth').then((m) => m.successSchema),
    '/api/admin/auth',
    body,
  );

export function useAdminSignIn() {
  return useMutation({ mutationFn: adminSignIn });
}
