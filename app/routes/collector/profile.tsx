// Placeholder: the collector issue builds the full profile.
import { LogoutButton } from "~/components/logout-button";
export default function Page() {
  return (
    <div className="mx-auto max-w-6xl px-4 py-12">
      <h1 className="font-display text-3xl font-extrabold">profile</h1>
      <LogoutButton />
    </div>
  );
}
