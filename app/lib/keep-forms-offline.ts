/**
 * Forms a finder fills outdoors (the claim, sign-up while claiming, the code, a story, a report) survive
 * a dead spot (decision 045). A form takes part by holding an `<OfflineNote />`
 * (`[data-offline-message]`, app/components/forms/offline-note.tsx):
 *
 * - Sent while the phone is offline, it is not sent: every field stays as typed (the password too, in
 *   the page, never in storage), the note says so, and the form goes off by itself once the phone is
 *   back online (the `online` event). This works alike before the app has started (a native post) and
 *   after (React Router's `<Form>` sees the prevented submit and does nothing).
 * - A native post that the service worker could not get through (a weak signal the browser takes for
 *   online) is answered with 204 by public/sw.js, so the page stays as it was, and the worker says so:
 *   the form is held the same way and tried again every `retryMs`.
 * - While held, the fields but the password are kept in sessionStorage (this tab only). Should the page
 *   be reloaded meanwhile (ending on the offline page, then "Reload"), they come back, with a note that
 *   the password must be typed again.
 *
 * Also the busy label of a native post (`data-busy-label` on the submit button; no double submit), for
 * every form the app does not send itself.
 *
 * It runs in two places: as part of the inline script of pages whose app starts late (built minified
 * by the `virtual:inline-scripts` plugin in vite.config.ts, app/components/deferred-scripts.tsx), and
 * called by app/entry.client.tsx; installed once per page. So it must not use anything from outside
 * its own body.
 */
export default function keepFormsOffline(w: Window, retryMs = 15_000) {
  const d = w.document;
  const marked = w as Window & { __booneesForms?: boolean };
  if (marked.__booneesForms) return;
  marked.__booneesForms = true;
  type Sent = { form: HTMLFormElement; submitter: HTMLElement | null };
  type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;
  const NOTE = "[data-offline-message]";
  const RESTORED = "[data-restored-message]";
  let last: Sent | null = null;
  let held: Sent | null = null;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const keyOf = (form: HTMLFormElement) =>
    `boonees-form ${location.pathname} ${form.id || form.getAttribute("action") || ""}`;
  // what is kept: every named field a person fills, never a password, hidden values or files
  const fieldsOf = (form: HTMLFormElement) =>
    (Array.from(form.elements) as Field[]).filter(
      (el) => el.name && !/^(hidden|password|submit|button|reset|file|image)$/.test(el.type),
    );
  const ticks = (el: Field) => el.type === "checkbox" || el.type === "radio";
  const show = (form: HTMLFormElement, selector: string, on: boolean) =>
    form.querySelectorAll<HTMLElement>(selector).forEach((note) => (note.hidden = !on));
  const idle = (root: ParentNode) =>
    root.querySelectorAll<HTMLButtonElement>("[data-idle-label]").forEach((b) => {
      b.textContent = b.getAttribute("data-idle-label");
      b.disabled = false;
      b.removeAttribute("aria-busy");
    });
  // storage refused (private mode, settings) or full: the page keeps the fields anyway
  const read = (key: string) => {
    try {
      return w.sessionStorage.getItem(key);
    } catch {
      return null;
    }
  };
  const write = (key: string, value: string | null) => {
    try {
      if (value === null) w.sessionStorage.removeItem(key);
      else w.sessionStorage.setItem(key, value);
    } catch {
      // see above
    }
  };

  const hold = (sent: Sent, retry: boolean) => {
    held = sent;
    idle(sent.form);
    show(sent.form, RESTORED, false);
    show(sent.form, NOTE, true);
    write(
      keyOf(sent.form),
      JSON.stringify(fieldsOf(sent.form).map((el) => (ticks(el) ? (el as HTMLInputElement).checked : el.value))),
    );
    clearTimeout(timer);
    if (retry) timer = setTimeout(send, retryMs);
  };
  const send = () => {
    const sent = held;
    if (!sent || !navigator.onLine) return;
    held = null;
    if (!sent.form.isConnected) return;
    const submitter =
      sent.submitter && (sent.submitter as HTMLButtonElement).form === sent.form ? sent.submitter : null;
    sent.form.requestSubmit(submitter);
  };

  // Sent offline: held. Sent online: this is the one the service worker may report as lost.
  d.addEventListener(
    "submit",
    (e) => {
      const form = e.target as HTMLFormElement;
      if (!form.querySelector(NOTE)) return;
      const sent = { form, submitter: (e as SubmitEvent).submitter };
      if (!navigator.onLine) {
        e.preventDefault();
        hold(sent, false);
        return;
      }
      held = null;
      last = sent;
      show(form, NOTE, false);
      write(keyOf(form), null);
    },
    true,
  );
  w.addEventListener("online", send);
  const worker = navigator.serviceWorker;
  if (worker) {
    worker.addEventListener("message", (e) => {
      if ((e.data as { type?: string } | null)?.type === "boonees:offline" && last) hold(last, true);
    });
    worker.startMessages();
  }

  // A native post (the app did not take it over): a busy label, and no second submit while it runs.
  w.addEventListener("submit", (e) => {
    if (e.defaultPrevented) return;
    const form = e.target as HTMLFormElement;
    const button = ((e as SubmitEvent).submitter ??
      form.querySelector("[data-busy-label]")) as HTMLButtonElement | null;
    const label = button?.getAttribute("data-busy-label");
    if (!button || !label) return;
    button.setAttribute("data-idle-label", button.textContent ?? "");
    setTimeout(() => {
      button.textContent = label;
      button.disabled = true;
      button.setAttribute("aria-busy", "true");
    }, 0);
  });
  // Coming back through the history cache: the form is usable again.
  w.addEventListener("pageshow", (e) => e.persisted && idle(d));

  // The page was loaded again while a form was held: what was typed comes back (the password must be typed again).
  d.querySelectorAll("form").forEach((form) => {
    const saved = form.querySelector(NOTE) ? read(keyOf(form)) : null;
    if (!saved) return; // kept until the form is sent online: a second reload brings it back too
    let values: unknown;
    try {
      values = JSON.parse(saved);
    } catch {
      return;
    }
    if (!Array.isArray(values)) return;
    let back = false;
    fieldsOf(form).forEach((el, i) => {
      const value: unknown = values[i];
      if (ticks(el) && typeof value === "boolean" && (el as HTMLInputElement).checked !== value) {
        (el as HTMLInputElement).checked = value;
        back = true;
      } else if (!ticks(el) && typeof value === "string" && value && !el.value) {
        el.value = value;
        back = true;
      }
    });
    if (back) show(form, RESTORED, true);
  });
}
