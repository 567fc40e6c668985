import { useEffect, useRef, useState } from "react";
import { Form, useNavigation } from "react-router";

import { claimCodeError, CODE_MAX } from "#shared/claim-code-rule.ts";
import type { ClaimChallenge } from "#server/domain/codes/claim-challenge.ts";
import { useHydrated } from "~/components/admin/use-hydrated";
import { ChallengeForm } from "~/components/claim/challenge-form";
import { FormError } from "~/components/forms/field";
import { OfflineNote } from "~/components/forms/offline-note";
import { Button } from "~/components/ui/button";
import { Input } from "~/components/ui/input";
import { Label } from "~/components/ui/label";
import { useTranslation } from "~/lib/use-translation";

interface CodeFormProps {
  error?: string | null;
  params?: Record<string, unknown>;
  defaultValue?: string;
  /** the address is locked: this code goes on only with the challenge solved */
  challenge?: ClaimChallenge;
}

export function CodeForm(props: CodeFormProps) {
  const { challenge, error, params, defaultValue = "" } = props;
  if (challenge && error)
    return <ChallengeForm code={defaultValue} challenge={challenge} error={error} params={params} />;
  return <CodeInputForm {...props} />;
}

/** The single secret-code input (spec: capped at 20, disabled while empty or busy, verifying label). */
function CodeInputForm({ error, params, defaultValue = "" }: CodeFormProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  const [code, setCode] = useState(defaultValue);
  const input = useRef<HTMLInputElement>(null);
  // Uncontrolled, so text typed before the page hydrated survives; pick it up once React runs.
  useEffect(() => {
    if (input.current) setCode(input.current.value);
  }, []);
  const [clientError, setClientError] = useState<string | null>(null);
  const hydrated = useHydrated(); // without JavaScript the button must stay usable
  const busy = navigation.state !== "idle" && navigation.formMethod === "POST";
  const shown = clientError ?? error;
  return (
    <Form
      method="post"
      action="/claim"
      noValidate
      className="grid gap-3"
      onSubmit={(e) => {
        // sent offline (a dead spot outdoors), the form is held and goes once the phone is back online (OfflineNote)
        const problem = claimCodeError(code);
        if (problem) e.preventDefault();
        setClientError(problem);
      }}
    >
      <Label htmlFor="claim-code">{t("claim.codeLabel")}</Label>
      <Input
        id="claim-code"
        name="code"
        ref={input}
        data-code-input
        defaultValue={defaultValue}
        onChange={(e) => setCode(e.currentTarget.value)}
        maxLength={CODE_MAX}
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        inputMode="text"
        aria-invalid={shown ? true : undefined}
        aria-describedby={shown ? "claim-code-error" : "claim-code-hint"}
        className="h-14 text-center font-display text-2xl font-bold tracking-[0.25em] uppercase"
        placeholder="ABC123"
      />
      {shown ? (
        <div id="claim-code-error">
          <FormError error={shown} params={params} />
          {!clientError && typeof params?.remaining === "number" && (
            <p className="mt-2 text-center text-sm font-semibold" data-testid="attempts-left">
              {t("claim.attemptsLeft", { count: params.remaining })}
            </p>
          )}
        </div>
      ) : (
        <p id="claim-code-hint" className="text-center text-xs text-muted-foreground">
          {t("claim.codeHint")}
        </p>
      )}
      <OfflineNote />
      <Button
        type="submit"
        size="lg"
        disabled={hydrated && (code.trim() === "" || busy)}
        data-busy-label={t("claim.verifying")}
      >
        {busy ? t("claim.verifying") : t("claim.verify")}
      </Button>
    </Form>
  );
}
