import { LegalPage, useOperator } from "~/components/legal-page";
import { HYDRATE_PUBLIC } from "~/components/deferred-scripts";
import { getServices } from "~/guards.server";
import { listCityOperators } from "#server/domain/cities/list-cities.ts";
import type { Route } from "./+types/about";

// Painted before React's scripts are fetched; see deferred-scripts.
export const handle = HYDRATE_PUBLIC;

export const meta = () => [{ title: "Impressum · Boonees" }, { name: "description", content: "Impressum und Anbieterkennzeichnung von Boonees." }];

// A city that names its own operator (admin › cities) adds its details to the deployment's (decision 053).
export async function loader({ context }: Route.LoaderArgs) {
  return { cities: await listCityOperators(getServices(context).db) };
}

export default function About({ loaderData }: Route.ComponentProps) {
  const op = useOperator();
  return (
    <LegalPage title="Impressum">
      <section>
        <h2>Angaben gemäß § 5 DDG</h2>
        <p>
          {op.name}
          <br />
          {op.address}
        </p>
        <p>
          E-Mail: <a href={`mailto:${op.email}`}>{op.email}</a>
        </p>
      </section>
      <section>
        <h2>Vertreten durch</h2>
        <p>{op.representative}</p>
      </section>
      {loaderData.cities.map((c) => (
        <section key={c.slug} data-testid="city-operator">
          <h2>Boonees {c.nameDe}</h2>
          <p className="whitespace-pre-line">
            {c.name}
            {c.address && (
              <>
                <br />
                {c.address}
              </>
            )}
          </p>
          {c.email && (
            <p>
              E-Mail: <a href={`mailto:${c.email}`}>{c.email}</a>
            </p>
          )}
          {c.representative && <p>Vertreten durch: {c.representative}</p>}
        </section>
      ))}
      <section>
        <h2>Haftung für Inhalte</h2>
        <p>
          Als Diensteanbieter sind wir für eigene Inhalte auf diesen Seiten nach den allgemeinen Gesetzen verantwortlich. Wir sind jedoch nicht
          verpflichtet, übermittelte oder gespeicherte fremde Informationen zu überwachen oder nach Umständen zu forschen, die auf eine
          rechtswidrige Tätigkeit hinweisen. Sobald uns eine Rechtsverletzung bekannt wird, entfernen wir den betreffenden Inhalt umgehend.
        </p>
      </section>
      <section>
        <h2>Haftung für Links</h2>
        <p>
          Unser Angebot enthält Links zu externen Websites Dritter, auf deren Inhalte wir keinen Einfluss haben. Für die Inhalte der verlinkten
          Seiten ist stets der jeweilige Anbieter oder Betreiber verantwortlich. Bei Bekanntwerden von Rechtsverletzungen entfernen wir
          derartige Links umgehend.
        </p>
      </section>
      <section>
        <h2>Urheberrecht</h2>
        <p>
          Die Figuren, Bilder und Texte auf dieser Website sind urheberrechtlich geschützt. Eine Vervielfältigung oder Verwendung ist ohne
          ausdrückliche Zustimmung nicht gestattet.
        </p>
      </section>
      <section>
        <h2>Online-Streitbeilegung</h2>
        <p>
          Die Europäische Kommission stellt eine Plattform zur Online-Streitbeilegung bereit:{" "}
          <a href="https://ec.europa.eu/consumers/odr/" rel="noopener noreferrer" target="_blank">
            https://ec.europa.eu/consumers/odr/
          </a>
          . Wir sind nicht verpflichtet und nicht bereit, an einem Streitbeilegungsverfahren vor einer Verbraucherschlichtungsstelle
          teilzunehmen.
        </p>
      </section>
    </LegalPage>
  );
}
