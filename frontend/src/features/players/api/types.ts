import type { Schemas } from '@/lib/api-types';
export type AdminPlayer = Schemas['PlayerOut'];
