#!/usr/bin/env bash
# Builds the previous release (the commit in deploy/previous-release) in a git worktree, for the
# mixed-version test (tests/integration/mixed-version.test.ts): old and new code on one database.
# Prints the directory. Reuses this checkout's node_modules by hard links when the lockfiles are equal.
set -euo pipefail
cd "$(dirname "$0")/.."
root="$PWD"
commit="$(tr -d '[:space:]' < deploy/previous-release)"
dir="${PREVIOUS_RELEASE_DIR:-$root/.tmp/previous-release}"
if [ -f "$dir/build/server/index.js" ] && [ "$(git -C "$dir" rev-parse HEAD 2>/dev/null)" = "$(git rev-parse "$commit^{commit}")" ]; then
  echo "$dir"
  exit 0
fi
git cat-file -e "$commit^{commit}" 2>/dev/null || git fetch --quiet origin "$commit" >&2
if [ -e "$dir" ]; then
  git worktree remove --force "$dir" >&2 2>/dev/null || rm -rf "$dir"
  git worktree prune
fi
mkdir -p "$(dirname "$dir")"
git worktree add --detach --force "$dir" "$commit" >&2
if cmp -s package-lock.json "$dir/package-lock.json"; then
  cp -al node_modules "$dir/node_modules"
else
  (cd "$dir" && npm ci --no-audit --no-fund >&2)
fi
(cd "$dir" && ./node_modules/.bin/react-router build >&2)
echo "$dir"
