import type { components } from '@/lib/api-schema';

/**
 * The server's answers and inputs by the names its OpenAPI schema gives them (`LoanOut`,
 * `PendingLoanOut`...). The types are generated (api-schema.d.ts, `make api-types`): a screen names
 * the shape it reads here instead of writing it again by hand.
 */
export type Schemas = components['schemas'];
