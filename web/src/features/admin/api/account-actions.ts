import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  deleteAccountSchema,
  makeAdminSchema,
  type DeleteAccountInput,
  type MakeAdminInput,
} from '@moments/shared';
import { api } from '../../../lib/api-client';
import { adminQueryKey } from './keys';

export type AccountAction =
  | { kind: 'disable' }
  | { kind: 'enable' }
  | { kind: 'sign-out' }
  | { kind: 'make-admin'; input: MakeAdminInput }
  | { kind: 'remove-admin' }
  | { kind: 'delete'; input: DeleteAccountInput };

/** The admin calls on one account (POST/DELETE /api/admin/people/:uid/...). */
export function runAccountAction(uid: string, action: AccountAction): Promise<unknown> {
  const base = `/api/admin/people/${encodeURIComponent(uid)}`;
  const expectedStatuses = [400, 404, 409];
  switch (action.kind) {
    case 'disable':
    case 'enable':
    case 'sign-out':
      return api.post(`${base}/${action.kind}`, {}, { expectedStatuses });
    case 'make-admin':
      return api.post(`${base}/admin`, makeAdminSchema.parse(action.input), { expectedStatuses });
    case 'remove-admin':
      return api.delete(`${base}/admin`, { expectedStatuses });
    case 'delete':
      return api.post(`${base}/delete`, deleteAccountSchema.parse(action.input), {
        expectedStatuses,
      });
  }
}

export function useAccountAction(uid: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (action: AccountAction) => runAccountAction(uid, action),
    // Figures, lists and the audit log all change.
    onSettled: () => queryClient.invalidateQueries({ queryKey: adminQueryKey }),
  });
}
