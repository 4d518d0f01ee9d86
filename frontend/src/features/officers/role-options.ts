import type { SelectOption } from '@/components/select-field';
import { ROLE_LABELS, ROLES, type Role } from '@/lib/officers';

// the Role field's choices, as Add Officer and an officer's card offer them
export const ROLE_OPTIONS: ReadonlyArray<SelectOption<Role>> = ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));
