import { useTranslation } from "~/lib/use-translation";
import { redirect } from "react-router";
import { CodeForm } from "~/components/claim/code-form";
import { ScanButtons } from "~/components/claim/scan-buttons";
import { PageShell } from "~/components/page-shell";
import { Card, CardContent } from "~/components/ui/card";
import { HYDRATE_ON_DEMAND } from "~/components/deferred-scripts";
import { lookupCode } from "~/claim.server";
import { CHALLENGE_FIELD, claimPageAfterCheck } from "~/lib/claim-challenge";
import { pageMeta } from "~/lib/meta";
import type { Route } from "./+types/claim";
import { readFlash } from "~/guards.server";
import { intent, intentAction, RefusedWith } from "~/intents.server";
import { refusedAnswer } from "~/lib/action-answer";
import type { ClaimChallenge } from "#server/domain/codes/claim-challenge.ts";

export const meta: Route.MetaFunction = ({ matches }) => [...pageMeta(matches, "claim.metaTitle", "claim.metaDescription"), { name: "robots", content: "noindex" }];

// The code form posts natively, so the page needs no React until a scan button (or the menu) is used;
// see deferred-scripts. Messages sent here by /boonee?token= are shown on the form, not as a toast.
export const handle = { ...HYDRATE_ON_DEMAND, showsFlash: true };

export function loader({ request }: Route.LoaderArgs) {
  const flash = readFlash(request.headers.get("cookie"));
  return { notice: flash?.kind === "error" ? flash.key : null };
}

/** What a refused code brings back: the code as typed (cut to 20) and, for a locked address, its challenge. */
type CodeRefused = { code: string; challenge?: ClaimChallenge };

/** A valid, known code continues on the figure's claim screen; anything else shows why. The form posts no intent. */
export const action = intentAction<{}, CodeRefused>(
  {
    lookup: intent({
      run: async (_input, { context, request, form }) => {
        const raw = String(form.get("code") ?? "");
        const result = await lookupCode(context, request, raw, form.get(CHALLENGE_FIELD)?.toString());
        if (result.status === "found") return redirect(claimPageAfterCheck(raw, result.pass), 303); // the owner's own code says "yours" there
        throw new RefusedWith<CodeRefused>(result.error, result.httpStatus, result.params, { code: raw.slice(0, 20), challenge: result.challenge });
      },
    }),
  },
  { access: "public", defaultIntent: "lookup" },
);

export default function ClaimPage({ loaderData, actionData: answer }: Route.ComponentProps) {
  const { t } = useTranslation();
  const actionData = refusedAnswer(answer);
  return (
    <PageShell narrow title={t("claim.title")} intro={t("claim.intro")}>
      <Card>
        <CardContent className="grid gap-5 pt-5">
          <CodeForm
            error={actionData ? actionData.error : loaderData.notice}
            params={actionData?.params}
            challenge={actionData?.challenge}
            defaultValue={actionData?.code ?? ""}
            key={actionData?.code}
          />
          <div className="flex items-center gap-3 text-xs font-bold tracking-wide text-muted-foreground uppercase">
            <span className="h-px flex-1 bg-border" /> {t("claim.scan.title")} <span className="h-px flex-1 bg-border" />
          </div>
          <ScanButtons />
        </CardContent>
      </Card>
    </PageShell>
  );
}
