import type { Role } from "#shared/roles.ts";

/** The signed-in person as the pages see them. Never carries secrets. */
export interface Viewer {
  id: string;
  name: string | null;
  email: string;
  role: Role;
  sessionId: string;
}
