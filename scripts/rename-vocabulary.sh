#!/usr/bin/env bash
# Decision 052: code says figure (one physical boonee, a row of `boonees`) and type (the figures sharing
# template_id); the spec's contract names stay (SQL tables/columns/functions, URLs, metric prefix).
# Idempotent: run it on any branch made before the rename, then merge.
set -euo pipefail
mv_if() { if [ -e "$1" ]; then mkdir -p "$(dirname "$2")"; git mv "$1" "$2"; fi; }
mv_if app/components/admin/boonee-fields.tsx app/components/admin/figure-fields.tsx
mv_if app/components/boonee-image.tsx app/components/figure-image.tsx
mv_if app/components/boonee-card.tsx app/components/figure-card.tsx
if [ -d app/components/boonee ]; then
  for f in app/components/boonee/*; do mv_if "$f" "app/components/figure/$(basename "$f")"; done
fi
mv_if app/locales/de/boonee.json app/locales/de/figure.json
mv_if app/locales/en/boonee.json app/locales/en/figure.json
mv_if app/routes/admin/export-boonees.ts app/routes/admin/export-figures.ts
mv_if app/routes/admin/create-boonee.tsx app/routes/admin/create-figure.tsx
mv_if app/routes/admin/boonees.tsx app/routes/admin/figures.tsx
mv_if app/routes/public/boonee-by-code.tsx app/routes/public/figure-by-code.tsx
mv_if app/routes/public/boonee.tsx app/routes/public/figure.tsx
for f in update public create delete; do mv_if server/domain/figures/$f-boonee.ts server/domain/figures/$f-figure.ts; done
mv_if server/domain/claims/claim-boonee.ts server/domain/claims/claim-figure.ts
mv_if tests/e2e/public-boonee.spec.ts tests/e2e/public-figure.spec.ts

files=$(git ls-files app server shared tests bench scripts docs README.md '*.ts' | grep -E '\.(ts|tsx|md|mjs|json)$' \
  | grep -v '^server/db/migrations/' | grep -v '^app/locales/.*\.json$' | sort -u)
# paths and test ids
perl -pi -e '
  s{components/admin/boonee-fields}{components/admin/figure-fields}g;
  s{components/boonee-image}{components/figure-image}g;
  s{components/boonee-card}{components/figure-card}g;
  s{components/boonee/}{components/figure/}g;
  s{\bboonee-(card|image|fields|by-code)\b}{figure-$1}g;
  s{routes/admin/export-boonees}{routes/admin/export-figures}g;
  s{routes/admin/create-boonee\.tsx}{routes/admin/create-figure.tsx}g;
  s{routes/admin/boonees\.tsx}{routes/admin/figures.tsx}g;
  s{routes/public/boonee\.tsx}{routes/public/figure.tsx}g;
  s{\+types/export-boonees}{+types/export-figures}g;
  s{\+types/create-boonee\b}{+types/create-figure}g;
  s{\+types/boonees\b}{+types/figures}g;
  s{\+types/boonee\b}{+types/figure}g;
  s{figures/(update|public|create|delete)-boonee\b}{figures/$1-figure}g;
  s{\b(update|public|create|delete)-boonee\.ts}{$1-figure.ts}g;
  s{claims/claim-boonee\b}{claims/claim-figure}g;
  s{\bclaim-boonee\.ts}{claim-figure.ts}g;
  s{public-boonee\.spec}{public-figure.spec}g;
  s{locales/(de|en)/boonee\.json}{locales/$1/figure.json}g;
' $files
# identifiers (code only; the SQL names boonee_id, template_id, boonees, booneeStories stay)
code=$(echo "$files" | grep -E '\.(ts|tsx|mjs)$')
perl -pi -e '
  s{(?<=[a-z])Boonee(?=s?\b|[A-Z])}{Figure}g;
  s{\bBoonee(?=[A-Z])}{Figure}g;
  s{\bboonee(?=[A-Z])(?!Stories)}{figure}g;
  s{\btemplateId\b}{typeId}g;
  s{(?<![\x22\x27`/:.\-\w])boonee(?![\x22\x27`/:\-\w])}{figure}g;
  s{([\x22\x27`])boonee\.(?=[a-zA-Z])}{$1figure.}g;
  s{useTranslation\(\x22boonee\x22\)}{useTranslation("figure")}g;
' $code
# the row type of `boonees` (schema.ts) is FigureRow in code
for f in server/db/schema.ts server/domain/figures/type-inheritance.ts server/domain/figures/figure-changes.ts app/components/admin/figure-fields.tsx; do
  [ -e "$f" ] && perl -pi -e 's{\bBoonee\b(?=[\s,;>)\]|&]|$)}{FigureRow}g unless /^\s*(\/\*\*|\*|\/\/)/' "$f"
done
# the public details a code lookup answers (FigureByCode) are `details`, not `boonee`
perl -pi -e 's{(?<=\.)boonee\b(?![\x22\x27/-])}{details}g; s{^(\s*)boonee(\??:)}{$1details$2}g' $code
perl -pi -e 's#\bboonee: figure\.details\b#figure: figure.details#g; s#\{ boonee: \{ claimed#{ details: { claimed#g; s#^(\s*)boonee: \{ claimed#$1details: { claimed#g' $code
# stored values keep their names: activity_log.action "boonee.created|updated|deleted"
perl -pi -e 's#(["\x27`])figure\.(created|updated|deleted)\b#$1boonee.$2#g' $code
# the docs name the new identifiers and files
docs=$(echo "$files" | grep -E '\.md$')
perl -pi -e '
  s{(?<=[a-z])Boonee(?=s?\b|[A-Z])}{Figure}g;
  s{\bBoonee(?=[A-Z])}{Figure}g;
  s{\bboonee(?=[A-Z])(?!Stories)}{figure}g;
  s{\btemplateId\b}{typeId}g;
  s{locales/\{de,en\}/boonee\.json}{locales/{de,en}/figure.json}g;
  s{`boonee\.(?=[a-zA-Z])(?!(created|updated|deleted)\b)}{`figure.}g;
' $docs
perl -pi -e 's#\["boonee", "#["figure", "#g' tests/unit/one-word.test.ts
