import type { components } from '@/lib/api-schema';

/**
 * The server's answers and inputs by the names its OpenAPI schema gives them (`LoanOut`,
 * `PendingLoanOut`...). The types are generated (api-schema.d.ts, `make api-types`): a screen names
 * the shape it reads here instead of writing it again by hand.
 */
export type Schemas = components['schemas'];

/**
 * The fields of an input (`...InRequest`) that a call sends, each present and not null:
 * `InputFields<'LoanCreateInRequest', 'player_id' | 'value'>`. The generated inputs mark most fields
 * optional or nullable, as the server also takes them left out; a form that always fills one says so.
 */
export type InputFields<Input extends keyof Schemas, Field extends keyof Schemas[Input]> = {
  [Name in Field]-?: NonNullable<Schemas[Input][Name]>;
};
