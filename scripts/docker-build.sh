#!/bin/sh
# The container image's build steps, kept in one script so that the Dockerfile RUNs exactly what
# tooling/ops/test/image-build.test.ts runs outside Docker (this machine has no Docker engine).
#
#   sh scripts/docker-build.sh fetch           download every locked package into the store (lockfile only)
#   sh scripts/docker-build.sh install         install the workspace from that store, offline
#   sh scripts/docker-build.sh build           build the API and the prerendered site (turbo)
#   sh scripts/docker-build.sh assemble OUT    the API's production install in OUT, the site in OUT/site
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
    pnpm --filter @site/admin-api deploy --prod --legacy --offline "$out"
    cp -R apps/web/build/client "$out/site"
    ;;
  *)
    echo "usage: sh scripts/docker-build.sh fetch|install|build|assemble OUT_DIR" >&2
    exit 2
    ;;
esac
