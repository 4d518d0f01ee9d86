import type { Schemas } from '@/lib/api-types';
export type LoginAnswer = Schemas['LoginOut'];

export type RegisterAnswer = Schemas['RegisterOut'];

export type VerifyTokenAnswer = Schemas['VerifyTokenOut'];

export type ExtendSessionAnswer = Schemas['SessionOut'];

export type FactorChallenge = Schemas['LoginFactorNeededOut'];
