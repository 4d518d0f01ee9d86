import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import { idempotencyHeaders, useIdempotentMutation } from '@/lib/idempotency';
import type { ChangeAnswer } from '@/lib/officers';
import type { Schemas } from '@/lib/api-types';

type ProposalDecision = Schemas['ProposalDecisionOut'];

interface DecisionInput {
  requestId: number;
  notes: string;
}

// A carried-out proposal may change any kind of data (a loan, savings, a setting, an officer):
// every query on screen is read again (the live notices say the same a moment later).
function useInvalidateAfterDecision() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries();
}

/** 200 carried out; 202 still waiting (a sole treasurer's delay); 409 stale or not yours to approve, with the server's detail. */
function approveProposal({ requestId, notes }: DecisionInput, idempotencyKey: string): Promise<ChangeAnswer<ProposalDecision>> {
  return api.put(`/admin/proposals/${requestId}/approve`, undefined, {
    query: { admin_notes: notes || undefined },
    headers: idempotencyHeaders(idempotencyKey),
  });
}

export function useApproveProposal() {
  const invalidate = useInvalidateAfterDecision();
  return useIdempotentMutation({ mutationFn: approveProposal, onSuccess: invalidate });
}

/** A denial needs a reason (the server refuses one without). */
function denyProposal({ requestId, notes }: DecisionInput): Promise<ProposalDecision> {
  return api.put(`/admin/proposals/${requestId}/deny`, undefined, { query: { admin_notes: notes } });
}

export function useDenyProposal() {
  const invalidate = useInvalidateAfterDecision();
  return useMutation({ mutationFn: denyProposal, onSuccess: invalidate });
}
