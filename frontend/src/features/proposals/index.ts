export { proposalKeys } from '@/features/proposals/api/keys';
export { usePendingProposalCount } from '@/features/proposals/api/use-proposals';
export { FourEyesTab } from '@/features/proposals/four-eyes-tab';
