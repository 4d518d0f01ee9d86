import type { IconName } from '@/components/icon';
import type { AdminTabId } from '@/lib/admin-tabs';
import type { WaitingItem } from '@/features/waiting/api/use-waiting';

/** Where each kind of waiting item is decided, and the icon its tab's cards carry. */
export const DECIDED_IN: Record<WaitingItem['kind'], { tab: AdminTabId; icon: IconName }> = {
  loan_request: { tab: 'pending-loans', icon: 'filePlus' },
  withdrawal: { tab: 'withdrawal-requests', icon: 'wallet' },
  exchange: { tab: 'pearl-requests', icon: 'gem' },
  proposal: { tab: 'four-eyes', icon: 'shield' },
};
