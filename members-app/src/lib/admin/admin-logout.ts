import { useMutation, useQueryClient } from '@tanstack/react-query';
import { successSchema } from '@sleep-ritual/contracts/auth';
import { api } from '../api-client.ts';
import { adminKeys } from './keys.ts';

/** Ends the admin part of the session only; a learner sign-in in the same browser stays. */
export const adminLogout = () => api.post(successSchema, '/api/admin/logout');

export function useAdminLogout() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: adminLogout,
    // Drops every cached answer and refetches what is on screen but the admin's data (spec 001: a
    // non-admin's data calls are disabled): the admin gate, which belongs to another feature, then sees
    // the session is no longer an admin one and leaves the admin screens; their data goes after.
    onSuccess: async () => {
      await queryClient.cancelQueries({ queryKey: adminKeys.all });
      await queryClient.resetQueries({ predicate: (query) => query.queryKey[0] !== adminKeys.all[0] });
      queryClient.removeQueries({ queryKey: adminKeys.all });
    },
  });
}
