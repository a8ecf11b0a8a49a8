import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@sleep-ritual/contracts/auth';
import { api } from '../api-client.ts';

/** Ends the admin part of the session only; a learner sign-in in the same browser stays. */
export const adminLogout = () => api.post(successSchema, '/api/admin/logout');

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    // Drops every cached answer (the admin's content among them) and refetches what is on screen: the
    // admin gate, which belongs to another feature, then sees the session is no longer an admin one.
    onSuccess: () => queryClient.resetQueries(),
  });
}
