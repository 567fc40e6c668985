export const ROLES = ["user", "moderator", "admin"] as const;
export type Role = (typeof ROLES)[number];

/** The role shown for a user: admin, then moderator, then user (spec section 4). */
export function primaryRole(roles: readonly string[]): Role {
  if (roles.includes("admin")) return "admin";
  if (roles.includes("moderator")) return "moderator";
  return "user";
}

/** Who may open /admin at all: admins, and moderators for Dashboard and Claims. */
export const canOpenAdmin = (role: Role) => role === "admin" || role === "moderator";

/** Where a person lands after signing in when nothing else is asked for: staff on /admin, others on /profile. */
export const homeOf = (role: Role) => (canOpenAdmin(role) ? "/admin" : "/profile");
