export { RequestCard } from '@/features/requests/request-card';
export { RequestDecisionDialog } from '@/features/requests/request-decision-dialog';
export { RequestQueue, WHO_DECIDES } from '@/features/requests/request-queue';
export type { DecisionDialogProps, RequestCardProps } from '@/features/requests/request-types';
