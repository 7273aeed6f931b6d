#!/usr/bin/env bash
# Builds the Debian package (cargo deb), checks its systemd unit with `systemd-analyze verify`,
# installs it with dpkg, and runs the installed binary as the `tabula` user on the package's
# default settings: it must answer, write its database under /var/lib/tabula, and stop cleanly
# on SIGTERM. Then the package is purged again. Needs root (or sudo); run by
# `scripts/test.sh --full`.
#
# Usage: scripts/package-test.sh
set -euo pipefail
cd "$(dirname "$0")/.."
sudo_=""; [ "$(id -u)" = 0 ] || sudo_="sudo"

for tool in dpkg-deb systemd-analyze runuser adduser curl; do
  command -v "$tool" >/dev/null || { echo "the package test needs $tool" >&2; exit 1; }
done
if ! command -v cargo-deb >/dev/null; then
  echo "installing cargo-deb"
  cargo install cargo-deb --locked --quiet
fi
echo "== cargo deb -p tabula"
cargo deb -p tabula --locked --quiet
deb="$(ls -t target/debian/tabula_*.deb | head -1)"
echo "built $deb ($(du -h "$deb" | cut -f1))"

cleanup() { $sudo_ dpkg --purge tabula >/dev/null 2>&1 || true; }
trap cleanup EXIT
cleanup
$sudo_ dpkg -i "$deb" >/dev/null
unit=""
for d in /usr/lib/systemd/system /lib/systemd/system; do
  [ -f "$d/tabula.service" ] && unit="$d/tabula.service" && break
done
[ -n "$unit" ] || { echo "FAIL: the package installed no tabula.service" >&2; exit 1; }
echo "== systemd-analyze verify $unit"
$sudo_ systemd-analyze verify "$unit"
getent passwd tabula >/dev/null || { echo "FAIL: no tabula user" >&2; exit 1; }
[ "$(stat -c %U /var/lib/tabula)" = tabula ] || { echo "FAIL: /var/lib/tabula is not tabula's" >&2; exit 1; }
echo "== tabula site config check /etc/tabula/tabula.toml (as the tabula user)"
$sudo_ runuser -u tabula -- /usr/bin/tabula config check /etc/tabula/tabula.toml | grep -q '^db = "/var/lib/tabula/tabula.db"  # the file$' \
  || { echo "FAIL: the default settings do not check" >&2; exit 1; }

echo "== the installed binary, as the tabula user, on the package's settings"
port=18931
log="$(mktemp)"
( cd /var/lib/tabula && $sudo_ runuser -u tabula -- /usr/bin/tabula serve --config /etc/tabula/tabula.toml \
    --addr "127.0.0.1:$port" --metrics-addr 127.0.0.1:0 --backup-every 24h >"$log" 2>&1 ) &
runner=$!
for _ in $(seq 1 100); do
  curl -fsS "http://127.0.0.1:$port/api/health" >/dev/null 2>&1 && break
  sleep 0.2
done
[ "$(curl -fsS "http://127.0.0.1:$port/api/health")" = ok ] || { cat "$log"; echo "FAIL: no answer" >&2; exit 1; }
[ "$(stat -c %U /var/lib/tabula/tabula.db)" = tabula ] || { echo "FAIL: the database is not under /var/lib/tabula as tabula" >&2; exit 1; }
head -1 "$log" | grep -q '^Tabula is running at http://127.0.0.1:' || { cat "$log"; echo "FAIL: no address line" >&2; exit 1; }
grep -q '"level":"INFO"' "$log" || { cat "$log"; echo "FAIL: the package's settings log JSON" >&2; exit 1; }
pid="$(pgrep -u tabula -f "tabula serve --config /etc/tabula/tabula.toml")"
$sudo_ kill -TERM "$pid"
wait "$runner" || { cat "$log"; echo "FAIL: the server did not exit 0 on SIGTERM" >&2; exit 1; }
grep -q '"stopped"' "$log" || { cat "$log"; echo "FAIL: no clean stop" >&2; exit 1; }
rm -f "$log"
echo "package ok: $deb installs, its unit verifies, and it runs as tabula"
