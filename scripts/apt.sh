# Sourced by the test scripts: `apt_install PACKAGE BINARY` installs a Debian package the tests
# need unless BINARY (a file it provides) is already there, as root or with sudo.
apt_install() {
  if [ ! -x "$2" ]; then
    echo "installing Debian's $1"
    local sudo_=""
    [ "$(id -u)" = 0 ] || sudo_="sudo"
    $sudo_ apt-get update -qq
    DEBIAN_FRONTEND=noninteractive $sudo_ apt-get install -y -qq "$1" >/dev/null
  fi
}
