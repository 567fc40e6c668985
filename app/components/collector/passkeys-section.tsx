import { KeyRoundIcon } from "lucide-react";
import { Form, useSubmit } from "react-router";

import type { OwnPasskey } from "#server/domain/accounts/passkeys.ts";
import { PasskeyButton } from "~/components/auth/passkey-button";
import { ConfirmButton } from "~/components/confirm-button";
import { FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

/** The profile's passkeys: each with its name (renamable), when it was made and last used; add, remove. */
export function PasskeysSection({
  passkeys,
  result,
  withPassword,
}: {
  passkeys: OwnPasskey[];
  result?: { error: string | null; params?: Record<string, unknown> };
  /** Without a password the last passkey is the only way in and cannot be removed. */
  withPassword: boolean;
}) {
  const { t } = useTranslation();
  const submit = useSubmit();
  const last = passkeys.length === 1;
  const dates = useDates();
  return (
    <section className="mt-12" aria-labelledby="passkeys-title">
      <h2 id="passkeys-title" className="font-display text-2xl font-bold">
        {t("profile.passkeys.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">{t("profile.passkeys.intro")}</p>
      <FormError error={result?.error} params={result?.params} />
      {passkeys.length === 0 ? (
        <p className="mt-4 rounded-xl border-2 border-dashed border-ink/15 px-4 py-3 text-sm text-ink-soft">
          {t("profile.passkeys.none")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="passkeys">
          {passkeys.map((p) => (
            <li
              key={p.id}
              className="grid gap-2 rounded-xl border-2 border-ink/10 bg-white px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              data-testid="passkey"
            >
              <Form method="post" preventScrollReset className="flex min-w-0 items-center gap-2">
                <KeyRoundIcon aria-hidden="true" className="size-4 shrink-0 text-ink-soft" />
                <input type="hidden" name="intent" value="renamePasskey" />
                <input type="hidden" name="id" value={p.id} />
                {/* no maxLength: a longer name is refused with a message, never cut silently */}
                <Input
                  name="name"
                  defaultValue={p.name}
                  required
                  aria-label={t("profile.passkeys.name")}
                  className="h-9 min-w-0"
                />
                <Button type="submit" variant="outline" size="sm">
                  {t("profile.passkeys.rename")}
                </Button>
              </Form>
              <div className="flex flex-wrap items-center justify-between gap-2 sm:justify-end">
                <span className="text-xs text-muted-foreground">
                  {t("profile.passkeys.created", { date: dates.day(p.createdAt) })}
                  {" · "}
                  {p.lastUsedAt
                    ? t("profile.passkeys.lastUsed", { date: dates.day(p.lastUsedAt) })
                    : t("profile.passkeys.neverUsed")}
                </span>
                <ConfirmButton
                  destructive
                  title={t("profile.passkeys.removeTitle", { name: p.name })}
                  description={t(
                    last
                      ? withPassword
                        ? "profile.passkeys.removeLastConfirm"
                        : "profile.passkeys.lastPasskey"
                      : "profile.passkeys.removeConfirm",
                    { name: p.name },
                  )}
                  confirmLabel={t("profile.passkeys.remove")}
                  disabled={last && !withPassword}
                  onConfirm={() =>
                    submit({ intent: "removePasskey", id: p.id }, { method: "post", preventScrollReset: true })
                  }
                >
                  {t("profile.passkeys.remove")}
                </ConfirmButton>
              </div>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 max-w-xs">
        <PasskeyButton kind="add" intent="addPasskey" label={t("profile.passkeys.add")} />
      </div>
    </section>
  );
}
