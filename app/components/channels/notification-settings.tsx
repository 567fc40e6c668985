import { BellRingIcon, MailIcon } from "lucide-react";
import { Form } from "react-router";

import { LANGS, type Lang } from "#shared/i18n-config.ts";
import { mayUse, OPTIONAL_CHANNELS, preferenceField, preferenceKindsFor } from "#shared/notification-kinds.ts";
import type { Role } from "#shared/roles.ts";
import { Button } from "~/components/ui/button";
import { NativeSelect } from "~/components/ui/native-select";
import { useTranslation } from "~/lib/use-translation";
import { cn } from "~/lib/utils";
import { dataKey } from "~/locales/message-key";

import { usePushDevice } from "./use-push-device";

export interface ChannelSettings {
  language: string | null;
  email: "off" | "pending" | "on";
  pushDevices: number;
  optOuts: string[];
}

/** The profile's notification settings: kinds × channels (a plain form; rows and cells from NOTIFICATION_KIND_TABLE), e-mail opt-in, push on this device. */
export function NotificationSettings({
  settings,
  vapidPublicKey,
  lang,
  role,
}: {
  settings: ChannelSettings;
  vapidPublicKey: string;
  lang: Lang;
  /** team-only rows (reports) for moderators and admins only */
  role: Role;
}) {
  const { t } = useTranslation();
  const off = new Set(settings.optOuts);
  // push is on with at least one device, e-mail once confirmed
  const channelOn = { push: settings.pushDevices > 0, email: settings.email === "on" };
  return (
    <section id="notification-settings" className="mt-12 grid gap-6" aria-labelledby="notification-settings-title">
      <div>
        <h2 id="notification-settings-title" className="font-display text-2xl font-bold">
          {t("channels.title")}
        </h2>
        <p className="text-sm text-muted-foreground">{t("channels.intro")}</p>
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <PushDevice vapidPublicKey={vapidPublicKey} devices={settings.pushDevices} />
        <EmailOptIn state={settings.email} />
      </div>
      <Form
        method="post"
        action="/profile/notifications"
        className="grid max-w-2xl gap-4"
        data-testid="notification-preferences"
      >
        <input type="hidden" name="intent" value="preferences" />
        <table className="w-full text-left text-sm">
          <thead>
            <tr>
              <th scope="col" className="py-2">
                {t("channels.kindHeader")}
              </th>
              <th scope="col" className="px-2 py-2 text-center">
                {t("channels.channel.app")}
              </th>
              {OPTIONAL_CHANNELS.map((channel) => (
                <th key={channel} scope="col" className="px-2 py-2 text-center">
                  {t(`channels.channel.${channel}`)}
                  {!channelOn[channel] && (
                    <span className="block text-xs font-normal text-muted-foreground" id={`channel-off-${channel}`}>
                      {t("channels.channelOff")}
                    </span>
                  )}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {preferenceKindsFor(role).map((kind) => (
              <tr key={kind} className="border-t border-ink/10">
                <th scope="row" className="py-2 font-semibold">
                  {t(`channels.kinds.${kind}`)}
                </th>
                <td className="px-2 py-2 text-center text-muted-foreground">{t("channels.always")}</td>
                {OPTIONAL_CHANNELS.map((channel) => {
                  const name = preferenceField(kind, channel);
                  if (!mayUse(kind, channel)) {
                    return (
                      <td key={channel} className="px-2 py-2 text-center text-muted-foreground">
                        –
                      </td>
                    );
                  }
                  return (
                    <td key={channel} className="px-2 py-2 text-center">
                      <input
                        type="checkbox"
                        name={name}
                        defaultChecked={!off.has(name)}
                        // kept while the channel is off (it applies once it is on), but it must not look active
                        className={cn("size-5", channelOn[channel] ? "accent-grape" : "opacity-40 grayscale")}
                        data-channel-off={channelOn[channel] ? undefined : "true"}
                        aria-describedby={channelOn[channel] ? undefined : `channel-off-${channel}`}
                        aria-label={`${t(`channels.kinds.${kind}`)}: ${t(`channels.channel.${channel}`)}`}
                      />
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>
        <label className="grid max-w-xs gap-1 text-sm font-semibold">
          {t("channels.language")}
          <NativeSelect name="language" defaultValue={settings.language ?? lang}>
            {LANGS.map((l) => (
              <option key={l} value={l}>
                {t(`channels.languages.${l}`)}
              </option>
            ))}
          </NativeSelect>
        </label>
        <div>
          <Button type="submit">{t("channels.save")}</Button>
        </div>
      </Form>
    </section>
  );
}

function PushDevice({ vapidPublicKey, devices }: { vapidPublicKey: string; devices: number }) {
  const { t } = useTranslation();
  const push = usePushDevice(vapidPublicKey);
  const message =
    push.state === "failed" && push.refusal
      ? t(dataKey(push.refusal))
      : push.state === "unsupported" || push.state === "denied" || push.state === "failed"
        ? t(`channels.push.${push.state}`)
        : push.state === "on"
          ? t("channels.push.on")
          : t("channels.push.off");
  return (
    <div className="grid content-start gap-2 rounded-2xl border-2 border-ink/10 bg-white p-4" data-testid="push-device">
      <h3 className="flex items-center gap-2 font-display text-lg font-bold">
        <BellRingIcon className="size-5" aria-hidden="true" /> {t("channels.push.heading")}
      </h3>
      <p role="status" className="text-sm">
        {message}
      </p>
      {devices > 0 && <p className="text-xs text-muted-foreground">{t("channels.push.devices", { count: devices })}</p>}
      <div>
        {push.state === "on" ? (
          <Button type="button" variant="outline" onClick={() => void push.turnOff()}>
            {t("channels.push.turnOff")}
          </Button>
        ) : (
          <Button
            type="button"
            disabled={
              push.state === "unknown" ||
              push.state === "busy" ||
              push.state === "unsupported" ||
              push.state === "denied"
            }
            onClick={() => void push.turnOn()}
          >
            {t("channels.push.turnOn")}
          </Button>
        )}
      </div>
    </div>
  );
}

function EmailOptIn({ state }: { state: ChannelSettings["email"] }) {
  const { t } = useTranslation();
  return (
    <div
      className="grid content-start gap-2 rounded-2xl border-2 border-ink/10 bg-white p-4"
      data-testid="email-opt-in"
    >
      <h3 className="flex items-center gap-2 font-display text-lg font-bold">
        <MailIcon className="size-5" aria-hidden="true" /> {t("channels.email.heading")}
      </h3>
      <p className="text-sm">{t(`channels.email.${state}`)}</p>
      <Form method="post" action="/profile/notifications" className="flex flex-wrap gap-2">
        {state !== "on" && (
          <Button type="submit" name="intent" value="emailOn">
            {t(state === "pending" ? "channels.email.resend" : "channels.email.turnOn")}
          </Button>
        )}
        {state !== "off" && (
          <Button type="submit" name="intent" value="emailOff" variant="outline">
            {t("channels.email.turnOff")}
          </Button>
        )}
      </Form>
    </div>
  );
}
