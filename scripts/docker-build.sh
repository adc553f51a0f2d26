#!/bin/sh
# The container image's build steps, kept in one script so that the Dockerfile RUNs exactly what
# tooling/ops/test/image-build.test.ts runs outside Docker (the test machines have no Docker engine).
#
#   sh scripts/docker-build.sh fetch           download every locked package into the store (lockfile only)
#   sh scripts/docker-build.sh install         install the workspace from that store, offline
#   sh scripts/docker-build.sh build           build the API and the prerendered site (turbo)
#   sh scripts/docker-build.sh assemble OUT    the API's production install in OUT (operator commands in
#                                              OUT/dist/cli), the site in OUT/site
#
# Run from the repo root. pnpm comes through npx at the version pinned in package.json (no corepack).
set -eu

pnpm_version=$(node -p 'require("./package.json").packageManager.split("@")[1]')
pnpm() { npx --yes "pnpm@${pnpm_version}" "$@"; }

step=${1:-}
case "$step" in
  fetch)
    pnpm fetch
    ;;
  install)
    pnpm install --frozen-lockfile --offline
    ;;
  build)
    pnpm exec turbo run build --filter=@site/admin-api --filter=@site/web --output-logs=errors-only
    ;;
  assemble)
    out=${2:?usage: docker-build.sh assemble OUT_DIR}
    if [ -e "$out" ] && [ -n "$(ls -A "$out")" ]; then
      echo "docker-build.sh: $out is not empty" >&2
      exit 1
    fi
    test -f apps/admin-api/dist/main.js || { echo "docker-build.sh: build first (apps/admin-api/dist/main.js missing)" >&2; exit 1; }
    test -f apps/web/build/client/index.html || { echo "docker-build.sh: build first (apps/web/build/client missing)" >&2; exit 1; }
    # pnpm 10 deploys a shared-lockfile workspace only with injected workspace packages; --legacy copies
    # @site/shared's published files (dist) instead, which is all the API needs at run time.
    # --prefer-offline, not --offline: deploy reads package metadata, which a frozen-lockfile install
    # never caches, so --offline fails (ERR_PNPM_NO_OFFLINE_META) wherever pnpm's cache starts cold.
    pnpm --filter @site/admin-api deploy --prod --legacy --prefer-offline "$out"
    # pnpm 10.34's legacy deploy also links the package's bin shims (pino) into a stray
    # <package dir>/<OUT relative to the repo>/node_modules/.bin (apps/out in the image). Remove that
    # copy when it holds nothing else, so a deploy outside Docker leaves the work tree clean.
    stray=$(node -e 'const p = require("node:path"); console.log(p.join(p.resolve("apps/admin-api"), p.relative(process.cwd(), p.resolve(process.argv[1]))))' "$out")
    if [ "$stray" != "$(cd "$out" && pwd)" ] && [ -d "$stray/node_modules/.bin" ] \
      && [ "$(find "$stray" -mindepth 1 -not -path "$stray/node_modules" -not -path "$stray/node_modules/.bin" -not -path "$stray/node_modules/.bin/*" | wc -l)" -eq 0 ]; then
      rm -rf "$stray"
      rmdir -p "$(dirname "$stray")" 2>/dev/null || true
    fi
    # better-sqlite3 keeps its compiler inputs and intermediates (SQLite's source, object files, about
    # 25 MB); at run time it loads build/Release/better_sqlite3.node alone.
    for pkg in "$out"/node_modules/.pnpm/better-sqlite3@*/node_modules/better-sqlite3; do
      addon="$pkg/build/Release/better_sqlite3.node"
      [ -f "$addon" ] || continue
      mv "$addon" "$pkg/better_sqlite3.node.keep"
      rm -rf "$pkg/build" "$pkg/deps" "$pkg/src"
      mkdir -p "$pkg/build/Release"
      mv "$pkg/better_sqlite3.node.keep" "$addon"
    done
    cp -R apps/web/build/client "$out/site"
    ;;
  *)
    echo "usage: sh scripts/docker-build.sh fetch|install|build|assemble OUT_DIR" >&2
    exit 2
    ;;
esac
