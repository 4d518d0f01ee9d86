import type { DecisionKind } from '@/components/decision-form';
import type { Notice } from '@/components/notice';

// What the request queue (request-queue.tsx) hands the cards and dialogs of every request tab: the
// queue, the card and the dialog all read these, so they live apart from the three.

/** An admin's pending choice on one request: which button was pressed, on which request. */
export interface Decision<T> {
  kind: DecisionKind;
  request: T;
}

/** What every request tab's card gets from the queue. */
export interface RequestCardProps<T> {
  request: T;
  onDecide: (decision: Decision<T>) => void;
}

/** What every request tab's dialog gets from the queue. */
export interface DecisionDialogProps<T> {
  decision: Decision<T>;
  onClose: () => void;
  onDone: (notice: Notice) => void;
}
