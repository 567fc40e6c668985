import type { Role } from "#shared/roles.ts";

/** The signed-in person as the pages see them. Never carries secrets. */
export interface Viewer {
  id: string;
  name: string | null;
  email: string;
  role: Role;
  /** The cities their staff work covers, null: every city (decision 058; server/auth/staff-cities.ts). */
  cities: number[] | null;
  sessionId: string;
}
