import { ApiError } from '@/lib/api-client';
import { withReference } from '@/lib/errors';

/** Texts of spec player-side §5 and §8. */
export const authMessages = {
  fillAllFields: 'Please fill in all fields',
  nameTooShort: 'Player name must be at least 2 characters',
  discordTooShort: 'Discord username must be at least 2 characters',
  passwordTooShort: 'Password must be at least 8 characters',
  loginTimeout: 'Login request timed out. Please try again.',
  noPasswordSet:
    'This player does not have a password set. Please use the registration form to create a password for this account.',
  playerNotFound: 'Player not found. Please check if the name is correct or register a new account.',
  incorrectPassword: 'Incorrect password. Please try again.',
  invalidToken: 'Invalid token format received. Please try again.',
  missingToken: 'No access token received. Please try again.',
  loginDefault: 'Error during login',
  registerDefault: 'Error creating account',
  sessionEnded: 'Your session ended. Please sign in again.',
} as const;

const MIN_NAME_LENGTH = 2;
const MIN_DISCORD_LENGTH = 2;
const MIN_PASSWORD_LENGTH = 8;

export function registeredMessage(name: string): string {
  return `Account created successfully! Player: ${name}. You can now log in and request loans/savings.`;
}

/** Turns a failed sign-in into the message the spec shows for it. */
export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.isTimeout) return authMessages.loginTimeout;
    const detail = error.detail;
    const lower = detail.toLowerCase();
    if (lower.includes('has no password set')) return authMessages.noPasswordSet;
    if (lower.includes('player not found')) return authMessages.playerNotFound;
    if (lower.includes('incorrect password')) return authMessages.incorrectPassword;
    return withReference(detail || authMessages.loginDefault, error);
  }
  if (error instanceof Error && error.message) return error.message;
  return authMessages.loginDefault;
}

/**
 * Why an open page went back to sign-in after the server refused its session (a 401): the server's
 * own words (an ended session, a deactivated officer's, says why in its detail), else a plain line.
 */
export function sessionEndedMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return error.detail;
  return authMessages.sessionEnded;
}

export function registerErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.detail) return withReference(error.detail, error);
  return withReference(authMessages.registerDefault, error);
}

export function validateSignIn(values: { username: string; password: string }): string | null {
  return values.username.trim() && values.password ? null : authMessages.fillAllFields;
}

export function validateRegistration(values: { name: string; discord: string; password: string }): string | null {
  const name = values.name.trim();
  const discord = values.discord.trim();
  if (!name || !discord || !values.password) return authMessages.fillAllFields;
  if (name.length < MIN_NAME_LENGTH) return authMessages.nameTooShort;
  if (discord.length < MIN_DISCORD_LENGTH) return authMessages.discordTooShort;
  if (values.password.length < MIN_PASSWORD_LENGTH) return authMessages.passwordTooShort;
  return null;
}
