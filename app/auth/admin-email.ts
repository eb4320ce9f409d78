/** The spec's admin rule: the one configured address, trimmed and case-insensitive. */
export function isAdminEmail(email: string, adminEmail: string): boolean {
  return email.trim().toLowerCase() === adminEmail.trim().toLowerCase();
}
