import { useMutation } from '@tanstack/react-query';
import { api } from '@/lib/api-client';
import type { Schemas } from '@/lib/api-types';
import { signWithPasskey } from '@/lib/webauthn';

type SteppedUp = Schemas['StepUpOut'];

/** POST /api/step-up/passkey/options, the browser signs with a passkey, POST /api/step-up/passkey. */
async function passkeyStepUp(): Promise<SteppedUp> {
  const { challenge, options } = await api.post('/step-up/passkey/options');
  const credential = await signWithPasskey(options);
  return api.post('/step-up/passkey', { challenge, credential });
}

/** A step-up with a passkey: this session's factor is fresh for 5 minutes. */
export function usePasskeyStepUp() {
  return useMutation({ mutationFn: passkeyStepUp });
}
