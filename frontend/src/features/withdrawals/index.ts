export { withdrawalKeys } from '@/features/withdrawals/api/keys';
export { usePendingWithdrawals } from '@/features/withdrawals/api/use-withdrawal-requests';
export { RequestWithdrawalTab } from '@/features/withdrawals/request-withdrawal-tab';
export { WithdrawalHistoryTab } from '@/features/withdrawals/withdrawal-history-tab';
export { WithdrawalRequestCard } from '@/features/withdrawals/withdrawal-request-card';
export { WithdrawalRequestsTab } from '@/features/withdrawals/withdrawal-requests-tab';
