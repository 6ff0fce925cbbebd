// Who may read raw evidence: a principal whose role is on the reader list and whose tenant owns the record.
import { DEFAULT_EVIDENCE_READERS } from './defaults.js';

/** Who is asking to read evidence. Established by the caller's own authentication, never by tool output. */
export interface Principal {
  /** The principal's role; it must be one of the vault's reader roles. */
  readonly role: string;
  /** The principal's tenant; it must equal the record's tenant. */
  readonly tenant: string;
  /** An optional stable id of the person or service, copied into audit events. */
  readonly id?: string;
}

/** Why a read was refused before any decryption. */
export type RefusalReason = 'role_not_allowed' | 'tenant_mismatch';

/** The reader roles, checked once. */
export interface ReaderPolicy {
  /** True when the role may read evidence at all. */
  allowsRole(role: string): boolean;
}

/** Builds the reader policy; throws a TypeError when the list is empty or holds a non-string or empty role. */
export function createReaderPolicy(roles: readonly string[] = DEFAULT_EVIDENCE_READERS): ReaderPolicy {
  if (roles.length === 0) throw new TypeError('The evidence vault needs at least one reader role.');
  const allowed = Object.create(null) as Record<string, true>;
  for (const role of roles) {
    if (typeof role !== 'string' || role === '')
      throw new TypeError('Each reader role must be a non-empty string.');
    allowed[role] = true;
  }
  Object.freeze(allowed);
  return Object.freeze({ allowsRole: (role: string) => typeof role === 'string' && allowed[role] === true });
}
