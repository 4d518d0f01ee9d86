/**
 * Step-up (docs/rules.md "Step-up"): a call the server answers 403 `step_up_required` is held while the
 * person gives their second factor again, then sent once more. The API client asks here; the Security
 * feature's dialog (features/security/step-up-dialog.tsx) registers how to ask. Nothing registered: the
 * refusal stands, as any other.
 */

export const STEP_UP_REQUIRED = 'step_up_required';

/** Resolves true once a factor was given (the call is sent again), false when the person cancelled. */
export type StepUpAsk = (detail: string) => Promise<boolean>;

let ask: StepUpAsk | null = null;
let asking: Promise<boolean> | null = null;

export function setStepUpHandler(handler: StepUpAsk | null): void {
  ask = handler;
  asking = null; // a question of the handler that went away is answered by its own clean-up
}

/** Ask for the factor; calls refused together share one question. */
export function askForStepUp(detail: string): Promise<boolean> {
  if (!ask) return Promise.resolve(false);
  if (!asking) {
    asking = ask(detail).finally(() => {
      asking = null;
    });
  }
  return asking;
}
