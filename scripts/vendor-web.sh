#!/usr/bin/env bash
# Puts the browser's third-party code in place under web/vendor/ from the npm registry: the
# version and integrity hash are pinned in tests/browser/package-lock.json, `npm ci` checks
# them, and the files are copied byte for byte (the browser tests check that they still are).
#
# Usage: scripts/vendor-web.sh   (after changing the pinned version: cd tests/browser && npm install --save-exact @fluent/bundle@X)
set -euo pipefail
cd "$(dirname "$0")/.."
(cd tests/browser && npm ci --no-audit --no-fund --loglevel=error)
src=tests/browser/node_modules/@fluent/bundle
dest=web/vendor/fluent-bundle
rm -rf "$dest"
mkdir -p "$dest"
cp "$src"/esm/*.js "$src"/esm/*.d.ts "$dest"/
version=$(node -p "require('./$src/package.json').version")
license=$(node -p "require('./$src/package.json').license")
cat > "$dest/SOURCE.txt" <<TXT
@fluent/bundle $version ($license, https://projectfluent.org), the ES modules of its npm
package (esm/*.js) and their declarations (esm/*.d.ts, for the type check), copied unchanged by
scripts/vendor-web.sh.
TXT
echo "web/vendor/fluent-bundle: @fluent/bundle $version"
