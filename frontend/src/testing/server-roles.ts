import ROLES_PY from '../../../bank/core/roles.py?raw';

// The server's one table of who may call what (bank/core/roles.py ROUTES and FIELDS), read as text so
// that the panel's tables (lib/officers.ts ACTION_LEAST_ROLE, lib/admin-tabs.ts) are pinned
// to it: the panel must hide exactly what the server refuses.
const CONSTANT: Record<string, string> = { TELLER: 'teller', LOAN_OFFICER: 'loan_officer', TREASURER: 'treasurer' };

/** The least role of a route and method in ROUTES, or of a field in FIELDS ("player-update PUT has_solo_access"). */
export function serverLeast(route: string, method: string, field?: string): string | undefined {
  if (field) {
    const fields = new RegExp(`\\("${route}", ${method}\\): \\{([^}]*)\\}`).exec(ROLES_PY)?.[1] ?? '';
    return CONSTANT[new RegExp(`"${field}": (\\w+)`).exec(fields)?.[1] ?? ''];
  }
  const methods = new RegExp(`^\\s+"${route}": \\{([^}]*)\\}`, 'm').exec(ROLES_PY)?.[1] ?? '';
  return CONSTANT[new RegExp(`\\b${method}: (\\w+)`).exec(methods)?.[1] ?? ''];
}
