/**
 * Passkeys in the browser (WebAuthn): the server's options go to the browser as they came (JSON, parsed by
 * PublicKeyCredential.parse*OptionsFromJSON), and the browser's answer goes back as its toJSON(). The server
 * checks everything (accounts/passkeys.py); nothing here decides.
 */

/** Is there a passkey API in this browser at all? */
export function passkeysSupported(): boolean {
  return typeof window !== 'undefined' && typeof window.PublicKeyCredential?.parseCreationOptionsFromJSON === 'function';
}

const CANCELLED = 'The passkey was not used (cancelled, or the time ran out). Try again when you are ready.';
const UNSUPPORTED = 'This browser cannot use passkeys. Use a code from your authenticator app instead.';

/** What the browser's refusal means for the person (it names no secret). */
function passkeyError(error: unknown): Error {
  if (error instanceof DOMException && (error.name === 'NotAllowedError' || error.name === 'AbortError')) return new Error(CANCELLED);
  if (error instanceof DOMException && error.name === 'InvalidStateError') return new Error('This passkey is already added.');
  return new Error(error instanceof Error && error.message ? error.message : CANCELLED);
}

/** A ceremony's credential as JSON (an object of base64url strings), or the browser's refusal in words for the
 * person. The options are parsed inside, so that options the browser cannot read are refused the same way. */
async function credentialJSON(ceremony: () => Promise<Credential | null>): Promise<Record<string, unknown>> {
  if (!passkeysSupported()) throw new Error(UNSUPPORTED);
  try {
    const credential = (await ceremony()) as PublicKeyCredential | null;
    if (!credential) throw new DOMException('no credential', 'NotAllowedError');
    const answer: unknown = credential.toJSON(); // the DOM types it as any: an object of base64url strings
    return answer as Record<string, unknown>;
  } catch (error) {
    throw passkeyError(error);
  }
}

/** navigator.credentials.create with the server's registration options: the new passkey's answer, as JSON. */
export function createPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  return credentialJSON(() =>
    navigator.credentials.create({
      publicKey: PublicKeyCredential.parseCreationOptionsFromJSON(options as unknown as PublicKeyCredentialCreationOptionsJSON),
    }),
  );
}

/** navigator.credentials.get with the server's authentication options: the signed challenge, as JSON. */
export function signWithPasskey(options: Record<string, unknown>): Promise<Record<string, unknown>> {
  return credentialJSON(() =>
    navigator.credentials.get({
      publicKey: PublicKeyCredential.parseRequestOptionsFromJSON(options as unknown as PublicKeyCredentialRequestOptionsJSON),
    }),
  );
}
