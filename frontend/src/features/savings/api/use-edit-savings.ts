import type { ChangeAnswer } from '@/lib/officers';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { liveRoot } from '@/lib/live-kinds';
import { loanKeys } from '@/features/loans';
import type { InputFields, Schemas } from '@/lib/api-types';

/** A savings account as the products call answers it (the fields View Products shows). */
type ProductSavings = Schemas['SavingsOut'];

/** `interest_rate` is weekly, a fraction */
type EditSavingsInput = { savingsId: number } & Partial<InputFields<'SavingsEditInRequest', 'invested_value' | 'interest_rate' | 'admin_notes'>>;

function editSavings({ savingsId, ...changes }: EditSavingsInput): Promise<ChangeAnswer<ProductSavings>> {
  return api.put(`/admin/savings/${savingsId}/edit`, changes);
}

/** View Products' inline savings edit: balance, weekly rate and admin notes. */
export function useEditSavings() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: editSavings,
    // every savings query, and the player's products (which live under `loans`)
    onSuccess: () => Promise.all([qc.invalidateQueries({ queryKey: liveRoot('savings') }), qc.invalidateQueries({ queryKey: loanKeys.all })]),
  });
}
