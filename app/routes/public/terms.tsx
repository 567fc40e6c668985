import { LegalPage, useOperator } from "~/components/legal-page";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta = () => [{ title: "Nutzungsbedingungen · Boonees" }, { name: "description", content: "Die Nutzungsbedingungen von Boonees." }];

export default function Terms() {
  const op = useOperator();
  return (
    <LegalPage title="Nutzungsbedingungen">
      <p className="text-sm text-muted-foreground">Stand: Januar 2025</p>
      <section>
        <h2>1. Geltungsbereich</h2>
        <p>Diese Bedingungen gelten für die Nutzung der Website und der Dienste von Boonees, betrieben von {op.name}.</p>
      </section>
      <section>
        <h2>2. Leistungsbeschreibung</h2>
        <p>
          Boonees sind kleine Kunstfiguren, die in Städten versteckt werden. Wer eine Figur findet, kann sie mit ihrem geheimen Code claimen.
          Es gilt: Wer zuerst claimt, dem gehört die Figur. Eine geclaimte Figur kann nicht übertragen werden. Besitzer erhalten Zugang zu
          exklusiven Inhalten.
        </p>
      </section>
      <section>
        <h2>3. Konto</h2>
        <p>Für das Claimen ist ein Konto nötig. Deine Angaben müssen zutreffen; deine Zugangsdaten hältst du geheim.</p>
      </section>
      <section>
        <h2>4. Pflichten der Nutzer</h2>
        <p>
          Codes dürfen nicht automatisiert erraten werden. Finder-Stories dürfen keine rechtswidrigen, beleidigenden oder fremden geschützten
          Inhalte enthalten. Beim Suchen von Figuren sind Gesetze, fremdes Eigentum und die Natur zu achten.
        </p>
      </section>
      <section>
        <h2>5. Urheberrecht</h2>
        <p>Figuren, Bilder und Inhalte sind urheberrechtlich geschützt. An eigenen Stories räumst du uns ein einfaches Recht zur Anzeige ein.</p>
      </section>
      <section>
        <h2>6. Haftung</h2>
        <p>Wir haften unbeschränkt bei Vorsatz und grober Fahrlässigkeit, im Übrigen nur nach den gesetzlichen Vorschriften.</p>
      </section>
      <section>
        <h2>7. Datenschutz</h2>
        <p>
          Wie wir mit deinen Daten umgehen, steht in der <a href="/privacy">Datenschutzerklärung</a>.
        </p>
      </section>
      <section>
        <h2>8. Änderungen</h2>
        <p>
          Wir können diese Bedingungen ändern. Über Änderungen informieren wir dich; widersprichst du nicht innerhalb von zwei Wochen, gelten
          die geänderten Bedingungen als angenommen.
        </p>
      </section>
      <section>
        <h2>9. Kündigung</h2>
        <p>
          Du kannst dein Konto jederzeit in deinem Profil löschen. Bei Verstößen gegen diese Bedingungen können wir ein Konto sperren oder
          löschen.
        </p>
      </section>
      <section>
        <h2>10. Recht und Gerichtsstand</h2>
        <p>Es gilt deutsches Recht. Gerichtsstand ist, soweit zulässig, {op.city}.</p>
      </section>
    </LegalPage>
  );
}
