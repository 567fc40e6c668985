import { Form } from "react-router";

import { Field, FormError } from "~/components/forms/field";
import { Button } from "~/components/ui/button";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";

export interface OwnToken {
  id: string;
  name: string;
  createdAt: Date | string;
  lastUsedAt: Date | string | null;
}

/**
 * The profile's personal read tokens (docs/decisions/051): make one with a name (shown once, here),
 * see when each was last used, revoke. Plain forms: it works without JavaScript.
 */
export function PersonalTokensSection({
  tokens,
  result,
}: {
  tokens: OwnToken[];
  result?: { error: string | null; params?: Record<string, unknown>; errors?: Record<string, string>; token?: string };
}) {
  const { t } = useTranslation();
  const dates = useDates();
  return (
    <section className="mt-12" aria-labelledby="tokens-title">
      <h2 id="tokens-title" className="font-display text-2xl font-bold">
        {t("profile.tokens.title")}
      </h2>
      <p className="mt-1 text-sm text-muted-foreground">
        {t("profile.tokens.intro", { finds: "/api/v1/me/finds", inbox: "/api/v1/me/notifications" })}
      </p>
      <FormError error={result?.error} params={result?.params} />
      {result?.token && (
        <div className="mt-4 grid gap-2 rounded-xl bg-[#dff5e6] px-4 py-3 text-sm" role="status">
          <p className="font-semibold text-[#1d6b3c]">{t("profile.tokens.createdOnce")}</p>
          <code className="rounded-lg bg-white px-3 py-2 break-all" data-testid="new-token">
            {result.token}
          </code>
        </div>
      )}
      {tokens.length === 0 ? (
        <p className="mt-4 rounded-xl border-2 border-dashed border-ink/15 px-4 py-3 text-sm text-ink-soft">
          {t("profile.tokens.none")}
        </p>
      ) : (
        <ul className="mt-4 grid gap-2" data-testid="tokens">
          {tokens.map((token) => (
            <li
              key={token.id}
              className="grid gap-2 rounded-xl border-2 border-ink/10 bg-white px-4 py-3 sm:grid-cols-[1fr_auto] sm:items-center"
              data-testid="token"
            >
              <div className="min-w-0">
                <p className="font-semibold break-words">{token.name}</p>
                <p className="text-xs text-muted-foreground">
                  {t("profile.tokens.made", { date: dates.day(token.createdAt) })} ·{" "}
                  {token.lastUsedAt
                    ? t("profile.tokens.lastUsed", { date: dates.dayTime(token.lastUsedAt) })
                    : t("profile.tokens.neverUsed")}
                </p>
              </div>
              <Form method="post" preventScrollReset>
                <input type="hidden" name="intent" value="revokeToken" />
                <input type="hidden" name="id" value={token.id} />
                <Button
                  type="submit"
                  variant="outline"
                  size="sm"
                  aria-label={t("profile.tokens.revokeNamed", { name: token.name })}
                >
                  {t("profile.tokens.revoke")}
                </Button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      <Form method="post" preventScrollReset className="mt-4 grid max-w-md gap-3">
        <input type="hidden" name="intent" value="createToken" />
        <Field
          name="name"
          id="token-name"
          label={t("profile.tokens.name")}
          hint={t("profile.tokens.nameHint")}
          error={result?.errors?.name}
          required
          limit={60}
          autoComplete="off"
        />
        <Button type="submit" variant="slime">
          {t("profile.tokens.create")}
        </Button>
      </Form>
    </section>
  );
}
