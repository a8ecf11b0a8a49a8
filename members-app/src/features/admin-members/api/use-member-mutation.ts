import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { MemberDetail } from '@sleep-ritual/contracts/admin-members';
import { adminKeys } from '../../../lib/admin/keys.ts';

/**
 * An action on one member. Each writes an audit row and may change who owns what, so the member lists,
 * the audit log and the engagement figures go stale; an action that answers the member (grant, revoke,
 * e-mail change) writes that answer straight into the member's page instead of asking for it again.
 */
export function useMemberMutation<Variables extends { memberId: number }, Answer>(
  mutationFn: (variables: Variables) => Promise<Answer>,
  options: { answersMember?: boolean } = {},
) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSuccess: (answer, { memberId }) => {
      if (options.answersMember)
        queryClient.setQueryData(adminKeys.members.detail(memberId), answer as MemberDetail);
      void queryClient.invalidateQueries({ queryKey: adminKeys.members.lists() });
      void queryClient.invalidateQueries({ queryKey: adminKeys.auditLog.all });
      void queryClient.invalidateQueries({ queryKey: adminKeys.engagement.all });
    },
  });
}
