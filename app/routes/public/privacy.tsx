import { LegalPage, useOperator } from "~/components/legal-page";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta = () => [{ title: "Datenschutzerklärung · Boonees" }, { name: "description", content: "Wie Boonees mit deinen Daten umgeht." }];

export default function Privacy() {
  const op = useOperator();
  return (
    <LegalPage title="Datenschutzerklärung">
      <section>
        <h2>Verantwortlicher</h2>
        <p>
          {op.name}, {op.address}, <a href={`mailto:${op.email}`}>{op.email}</a>
        </p>
      </section>
      <section>
        <h2>Cookies</h2>
        <p>
          Wir verwenden nur technisch notwendige Cookies: ein Sitzungs-Cookie, das dich angemeldet hält (bis zu 30 Tage, nur für den Server
          lesbar), ein Cookie für deine Sprachwahl (ein Jahr), ein kurzlebiges Cookie für Hinweismeldungen und für die Rückkehr zu einem
          begonnenen Claim sowie im Admin-Bereich ein Cookie für den Zustand der Seitenleiste (7 Tage). Es gibt keine Tracking- oder
          Werbe-Cookies und keine Inhalte von Drittanbietern; Schriften und Bilder werden von unserem eigenen Server geladen.
        </p>
      </section>
      <section>
        <h2>Server-Logfiles</h2>
        <p>
          Beim Aufruf der Seiten verarbeitet der Server technisch notwendige Daten (Zeitpunkt, aufgerufene Adresse, Statuscode, IP-Adresse zur
          Abwehr von Missbrauch wie dem Durchprobieren von Codes). Rechtsgrundlage ist Art. 6 Abs. 1 lit. f DSGVO. Zähler für Fehlversuche
          werden nach spätestens zehn Minuten zurückgesetzt.
        </p>
      </section>
      <section>
        <h2>Konto und Sammlung</h2>
        <p>
          Für ein Konto speichern wir Name, E-Mail-Adresse und ein nur als Hash gespeichertes Passwort, außerdem deine Funde, Finder-Stories,
          Erfolge und Benachrichtigungen. Dein Name erscheint auf Bestenlisten und bei deinen Funden. Rechtsgrundlage ist die Vertragserfüllung
          (Art. 6 Abs. 1 lit. b DSGVO).
        </p>
      </section>
      <section>
        <h2>Deine Rechte</h2>
        <p>
          Du hast das Recht auf Auskunft, Berichtigung, Löschung, Einschränkung der Verarbeitung, Datenübertragbarkeit und Widerspruch sowie
          das Recht auf Beschwerde bei einer Datenschutz-Aufsichtsbehörde. In deinem Profil kannst du deine Daten jederzeit herunterladen und
          dein Konto löschen. Gefundene Boonees bleiben danach geclaimt und werden als „Anonym“ angezeigt.
        </p>
      </section>
      <section>
        <h2>Hosting</h2>
        <p>
          Die Anwendung und ihre Datenbank werden auf Servern des Betreibers bzw. eines Auftragsverarbeiters in der EU betrieben. Hochgeladene
          Bilder werden neu kodiert; dabei werden Metadaten wie GPS-Positionen entfernt.
        </p>
      </section>
    </LegalPage>
  );
}
