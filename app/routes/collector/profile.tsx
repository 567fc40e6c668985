import { DownloadIcon, LockIcon, MonitorSmartphoneIcon, ShieldIcon, SparklesIcon } from "lucide-react";
import { useEffect } from "react";
import { Form, Link, redirect } from "react-router";

import { ACHIEVEMENTS } from "#shared/achievements.ts";
import { changePasswordSchema, passkeyNameSchema } from "#shared/schemas/account.ts";
import { personalTokenSchema } from "#shared/schemas/personal-token.ts";
import { setNameHidden } from "#server/domain/accounts/hide-name.ts";
import { listOwnSessions } from "#server/domain/accounts/list-own-sessions.ts";
import { deleteOwnAccount, deleteOwnAccountWithPasskey } from "#server/domain/accounts/own-data.ts";
import { changeOwnPassword } from "#server/domain/accounts/own-password.ts";
import {
  addPasskey,
  hasPassword,
  listOwnPasskeys,
  removePasskey,
  renamePasskey,
} from "#server/domain/accounts/passkeys.ts";
import {
  createPersonalToken,
  listPersonalTokens,
  revokePersonalToken,
} from "#server/domain/accounts/personal-tokens.ts";
import { getProfileSummary } from "#server/domain/accounts/profile-summary.ts";
import { followedCityIds } from "#server/domain/cities/follow-city.ts";
import { findsByCity } from "#server/domain/cities/followed-cities.ts";
import { listCities, publicCity } from "#server/domain/cities/list-cities.ts";
import { readNotificationSettings } from "#server/domain/notifications/read-notification-settings.ts";
import { parseResponse } from "#server/passkeys/ceremony.ts";
import { langContext } from "#server/router-context.ts";
import { NotificationSettings } from "~/components/channels/notification-settings";
import { FollowedCities } from "~/components/cities/followed-cities";
import { ChangePasswordForm } from "~/components/collector/change-password-form";
import { NameVisibilitySection } from "~/components/collector/name-visibility-section";
import { PasskeysSection } from "~/components/collector/passkeys-section";
import { PersonalTokensSection } from "~/components/collector/personal-tokens-section";
import { describeUserAgent } from "~/components/collector/user-agent";
import { DeleteAccountDialog } from "~/components/delete-account-dialog";
import { FigureCard } from "~/components/figure-card";
import { LogoutButton } from "~/components/logout-button";
import { PersonName } from "~/components/person-name";
import { Button } from "~/components/ui/button";
import { Card, CardContent } from "~/components/ui/card";
import { actorOf, claimRedirectCookie, flashCookie, getServices, requireUser } from "~/guards.server";
import { intent, intentAction, type IntentContext } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import { pageMeta } from "~/lib/meta";
import { newestFind } from "~/lib/newest-find";
import { toast } from "~/lib/toast";
import { useDates } from "~/lib/use-dates";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { dataKey } from "~/locales/message-key";

import type { Route } from "./+types/profile";

export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(matches, "profile.metaTitle", "profile.metaDescription");

export async function loader({ request, context }: Route.LoaderArgs) {
  const viewer = requireUser(context, request);
  const services = getServices(context);
  const summary = await getProfileSummary(services.db, actorOf(viewer));
  const sessions = await listOwnSessions(services.db, actorOf(viewer), viewer.sessionId);
  const newId = newestFind(summary.owned, new URL(request.url).searchParams.get("new"));
  const channels = await readNotificationSettings(services.db, actorOf(viewer));
  const passkeys = await listOwnPasskeys(services.db, actorOf(viewer));
  const tokens = await listPersonalTokens(services.db, actorOf(viewer));
  const withPassword = await hasPassword(services.db, viewer.id);
  const [cities, followed, finds] = await Promise.all([
    listCities(services.db),
    followedCityIds(services.db, viewer.id),
    findsByCity(services.db, viewer.id),
  ]);
  return {
    cities: cities.map(publicCity),
    followed,
    findsByCity: finds,
    ...summary,
    newId,
    role: viewer.role,
    sessions,
    channels,
    passkeys,
    tokens,
    withPassword,
    vapidPublicKey: services.vapidPublicKey,
    lang: context.get(langContext),
  };
}

/** A passkey's add, rename or remove: the profile's passkey list answers it. */
const passkeyRow = (run: (ctx: IntentContext) => Promise<unknown>, done: string) =>
  intent({
    prefix: "profile.passkeys.",
    run: async (_, ctx) => {
      await run(ctx);
      return { message: done };
    },
  });

/** Deleting the account (everything personal in one transaction), then the session cookie is cleared. */
const deleteRow = (remove: (ctx: IntentContext) => Promise<Headers>) =>
  intent({
    prefix: "profile.delete.",
    run: async (_, ctx) => {
      const headers = await remove(ctx);
      headers.append("set-cookie", claimRedirectCookie(ctx.context, ""));
      headers.append("set-cookie", flashCookie("profile.deleted", "success"));
      return redirect("/", { headers });
    },
  });

const PASSKEY_INTENTS = new Set(["addPasskey", "renamePasskey", "removePasskey"]);

/**
 * Profile actions: change the password, the passkeys, delete the account (password or passkey checked
 * again), sign out every other device, or every device, and personal read tokens (a new one's answer
 * carries `token`, shown once).
 */
export const action = intentAction<{ token?: string }>(
  {
    signOutOthers: intent({
      run: async (_, { services, request }) => {
        await services.auth.api.revokeOtherSessions({ headers: request.headers });
        return { message: "profile.sessions.signedOutOthers" };
      },
    }),
    signOutAll: intent({
      run: async (_, { services, request, context }) => {
        const result = await services.auth.api
          .revokeSessions({ headers: request.headers, returnHeaders: true })
          .catch(() => null);
        const headers = new Headers(result?.headers);
        headers.append("set-cookie", claimRedirectCookie(context, ""));
        headers.append("set-cookie", flashCookie("profile.sessions.signedOutAll", "success"));
        return redirect("/", { headers });
      },
    }),
    changePassword: intent({
      schema: changePasswordSchema,
      invalid: null,
      prefix: "profile.password.",
      run: async (input, { services, actor, request, headers }) => {
        const set = await changeOwnPassword(services, actor(), input, request.headers);
        set.forEach((value, name) => headers.append(name, value));
        return { message: "profile.password.changed" };
      },
    }),
    addPasskey: passkeyRow(
      ({ services, actor, fields, request }) =>
        addPasskey(services, actor(), parseResponse(fields.passkey ?? ""), {
          headers: request.headers,
          model: fields.deviceModel ?? "",
        }),
      "profile.passkeys.addPasskeyDone",
    ),
    renamePasskey: intent({
      schema: passkeyNameSchema,
      prefix: "profile.passkeys.",
      run: async (input, { services, actor }) => {
        await renamePasskey(services.db, actor(), input);
        return { message: "profile.passkeys.renamePasskeyDone" };
      },
    }),
    removePasskey: passkeyRow(
      ({ services, actor, fields }) => removePasskey(services, actor(), { id: fields.id ?? "" }),
      "profile.passkeys.removePasskeyDone",
    ),
    createToken: intent({
      schema: personalTokenSchema,
      prefix: "profile.tokens.error.",
      run: async (input, { services, actor }) => {
        const { token } = await createPersonalToken(services.db, actor(), input);
        return { token };
      },
    }),
    hideName: intent({
      run: async (_, { services, actor, fields }) => {
        const hidden = fields.hideName === "on";
        await setNameHidden(services.db, actor(), hidden);
        return { message: hidden ? "profile.nameVisibility.hidden" : "profile.nameVisibility.shown" };
      },
    }),
    revokeToken: intent({
      prefix: "profile.tokens.error.",
      run: async (_, { services, actor, fields }) => {
        await revokePersonalToken(services.db, actor(), fields.id ?? "");
        return { message: "profile.tokens.revoked" };
      },
    }),
    delete: deleteRow(({ services, actor, fields, request }) =>
      deleteOwnAccount(services, actor(), fields.password ?? "", request.headers),
    ),
    deleteWithPasskey: deleteRow(({ services, actor, fields, request }) =>
      deleteOwnAccountWithPasskey(services, actor(), parseResponse(fields.passkey ?? ""), request.headers),
    ),
  },
  { access: "signedIn" },
);

export default function ProfilePage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const dates = useDates();
  const {
    profile,
    counts,
    achievements,
    owned,
    newId,
    role,
    sessions,
    channels,
    passkeys,
    tokens,
    withPassword,
    vapidPublicKey,
    lang,
  } = loaderData;
  useEffect(() => {
    const message = actionData?.ok ? actionData.message : undefined;
    if (message) toast.success(() => t(dataKey(message)));
  }, [actionData, t]);
  const refused = refusedAnswer(actionData);
  const passwordResult =
    actionData?.intent === "changePassword"
      ? { ...refused, errors: refused?.fieldErrors, changed: actionData.ok ? actionData.at : undefined }
      : undefined;
  const deleteResult = refused?.intent === "delete" || refused?.intent === "deleteWithPasskey" ? refused : undefined;
  const passkeysResult = refused && PASSKEY_INTENTS.has(refused.intent) ? refused : undefined;
  const tokensResult =
    actionData?.intent === "createToken" || actionData?.intent === "revokeToken"
      ? {
          error: refused?.error ?? null,
          params: refused?.params,
          errors: refused?.fieldErrors,
          token: actionData.ok ? actionData.token : undefined,
        }
      : undefined;
  const unlocked = new Map(achievements.map((a) => [a.key, a.unlockedAt]));
  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-12">
      <section className="flex flex-wrap items-center justify-between gap-4">
        <div className="flex items-center gap-4">
          <span
            aria-hidden="true"
            className="flex size-16 items-center justify-center rounded-full bg-grape font-display text-3xl font-extrabold text-white"
          >
            {(profile?.name || "A").slice(0, 1).toUpperCase()}
          </span>
          <div>
            <h1 className="font-display text-3xl font-extrabold">
              {profile?.name ? <PersonName>{profile.name}</PersonName> : t("common.anonymous")}
            </h1>
            <p className="text-sm text-muted-foreground">{profile?.email}</p>
            {profile && (
              <p className="text-xs text-muted-foreground">
                {t("profile.memberSince", { date: dates.day(profile.createdAt) })}
              </p>
            )}
          </div>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="slime">
            <Link to="/exclusive">
              <SparklesIcon /> {t("profile.exclusive")}
            </Link>
          </Button>
          {(role === "admin" || role === "moderator") && (
            <Button asChild variant="outline">
              <Link to="/admin">
                <ShieldIcon /> {t("profile.admin")}
              </Link>
            </Button>
          )}
          <LogoutButton />
        </div>
      </section>

      <dl className="mt-8 grid grid-cols-2 gap-3 sm:grid-cols-4">
        {(
          [
            ["total", counts.total],
            ["Common", counts.common],
            ["Rare", counts.rare],
            ["Legendary", counts.legendary],
          ] as const
        ).map(([key, value]) => (
          // dl > div > dt + dd: the card is the group itself (a valid definition list)
          <Card key={key} className="p-5 text-center">
            <dt className="text-sm font-bold text-muted-foreground">{t(`profile.counts.${key}`)}</dt>
            <dd className="font-display text-4xl font-extrabold" data-testid={`count-${key}`}>
              {value}
            </dd>
          </Card>
        ))}
      </dl>

      <section className="mt-10" aria-labelledby="achievements-title">
        <h2 id="achievements-title" className="font-display text-2xl font-bold">
          {t("profile.achievements")}
        </h2>
        <ul className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-4 lg:grid-cols-7">
          {ACHIEVEMENTS.map((a) => {
            const at = unlocked.get(a.key);
            return (
              <li key={a.key} data-testid={`achievement-${a.key}`} data-unlocked={at ? "true" : "false"}>
                <Card className={cn("h-full", !at && "border-dashed bg-paper-deep/40 shadow-none")}>
                  <CardContent className="flex h-full flex-col items-center gap-1 pt-5 text-center">
                    <span aria-hidden="true" className="text-4xl">
                      {at ? a.icon : <LockIcon className="size-9 text-muted-foreground" />}
                    </span>
                    <span className={cn("font-bold", !at && "text-ink-soft")}>
                      {!at && <span className="sr-only">{t("profile.locked")}: </span>}
                      {t(`achievements.${a.key}.name`)}
                    </span>
                    <span className="text-xs text-muted-foreground">
                      {at ? t("profile.unlockedOn", { date: dates.day(at) }) : t(`achievements.${a.key}.hint`)}
                    </span>
                  </CardContent>
                </Card>
              </li>
            );
          })}
        </ul>
      </section>

      <section className="mt-10" aria-labelledby="collection-title">
        <h2 id="collection-title" className="font-display text-2xl font-bold">
          {t("profile.collection")}
        </h2>
        {owned.length === 0 ? (
          <Card className="mt-4">
            <CardContent className="flex flex-col items-center gap-3 py-10 text-center">
              <img src="/images/boonee-lost.svg" alt="" width={120} height={120} className="size-28" />
              <p className="font-display text-xl font-bold">{t("profile.empty")}</p>
              <p className="text-muted-foreground">{t("profile.emptyText")}</p>
              <Button asChild>
                <Link to="/claim">{t("profile.claimFirst")}</Link>
              </Button>
            </CardContent>
          </Card>
        ) : (
          <ul className="mt-4 grid grid-cols-2 gap-4 sm:grid-cols-3 lg:grid-cols-4">
            {owned.map((b) => (
              <li key={b.id} data-testid="owned-figure" data-new={b.id === newId ? "true" : undefined}>
                <FigureCard
                  from="collection"
                  {...b}
                  marker={b.id === newId ? t("profile.newFind") : null}
                  details={
                    <p className="flex flex-wrap gap-x-2 text-xs text-muted-foreground" data-testid="owned-details">
                      {b.typeInstances > 1 && (
                        <span className="font-bold text-ink-soft tabular-nums">
                          {t("profile.instance", { number: b.instanceNumber })}
                        </span>
                      )}
                      {b.claimedAt && (
                        <span>{t("profile.foundOn", { date: dates.dayIn(b.claimedAt, b.timeZone) })}</span>
                      )}
                      {b.reportedIssue && (
                        <span className="font-bold text-[#7a4a00]" data-testid="owned-reported">
                          {t(`life.note.${b.reportedIssue}Title`)}
                        </span>
                      )}
                    </p>
                  }
                />
              </li>
            ))}
          </ul>
        )}
      </section>

      <section className="mt-12" aria-labelledby="sessions-title">
        <h2 id="sessions-title" className="font-display text-2xl font-bold">
          {t("profile.sessions.title")}
        </h2>
        <ul className="mt-4 grid gap-2" data-testid="sessions">
          {sessions.map((session) => (
            <li
              key={session.id}
              className="flex flex-wrap items-center justify-between gap-2 rounded-xl border-2 border-ink/10 bg-white px-4 py-3"
            >
              <span className="flex items-center gap-2 text-sm">
                <MonitorSmartphoneIcon aria-hidden="true" className="size-4 text-ink-soft" />
                <span className="max-w-[32ch] truncate" title={session.userAgent ?? undefined}>
                  {describeUserAgent(session.userAgent) ?? t("profile.sessions.unknown")}
                </span>
              </span>
              <span className="text-xs text-muted-foreground">
                {session.current && (
                  <strong className="mr-2 rounded-full bg-[#dff5e6] px-2 py-0.5 text-[#1d6b3c]">
                    {t("profile.sessions.current")}
                  </strong>
                )}
                {t("profile.sessions.since", { date: dates.day(session.createdAt) })}
              </span>
            </li>
          ))}
        </ul>
        <div className="mt-3 flex flex-wrap gap-2">
          {sessions.length > 1 && (
            <Form method="post" preventScrollReset>
              <input type="hidden" name="intent" value="signOutOthers" />
              <Button type="submit" variant="outline" size="sm">
                {t("profile.sessions.signOutOthers")}
              </Button>
            </Form>
          )}
          <Form method="post" reloadDocument>
            <input type="hidden" name="intent" value="signOutAll" />
            <Button type="submit" variant="ghost" size="sm">
              {t("profile.sessions.signOutAll")}
            </Button>
          </Form>
        </div>
      </section>

      <NotificationSettings settings={channels} vapidPublicKey={vapidPublicKey} lang={lang} role={role} />

      <FollowedCities cities={loaderData.cities} followed={loaderData.followed} finds={loaderData.findsByCity} />

      <PasskeysSection passkeys={passkeys} result={passkeysResult} withPassword={withPassword} />

      <NameVisibilitySection hidden={profile?.hideName ?? false} />

      <PersonalTokensSection tokens={tokens} result={tokensResult} />

      {withPassword && (
        <section className="mt-12" aria-labelledby="password-title">
          <h2 id="password-title" className="mb-4 font-display text-2xl font-bold">
            {t("profile.password.title")}
          </h2>
          <ChangePasswordForm result={passwordResult} />
        </section>
      )}

      <section
        className="mt-12 flex flex-wrap items-center gap-3 border-t-2 border-ink/10 pt-6"
        aria-label={t("profile.delete.title")}
      >
        <Button asChild variant="outline">
          <a href="/profile/data" download>
            <DownloadIcon /> {t("profile.download")}
          </a>
        </Button>
        <DeleteAccountDialog error={deleteResult?.error} params={deleteResult?.params} withPassword={withPassword} />
      </section>
    </div>
  );
}
