export { useOpenLoanRequests } from '@/features/loan-requests/api/use-open-loan-requests';
export { MyPendingLoansTab } from '@/features/loan-requests/my-pending-loans-tab';
export { PendingLoansTab } from '@/features/loan-requests/pending-loans-tab';
export { RequestLoanTab } from '@/features/loan-requests/request-loan-tab';
