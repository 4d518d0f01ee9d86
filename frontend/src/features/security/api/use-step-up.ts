import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';

type SteppedUp = Schemas['StepUpOut'];

function stepUp({ otp }: { otp: string }): Promise<SteppedUp> {
  return api.post('/step-up', { otp });
}

/** POST /api/step-up: a code (or a recovery code) again; this session's factor is fresh for 5 minutes. */
export function useStepUp() {
  return useMutation({ mutationFn: stepUp });
}
