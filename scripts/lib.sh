# Shared by the scripts: a fresh machine has only Node and npm.
PNPM_VERSION=10.34.8

ensure_pnpm() {
  if ! command -v pnpm >/dev/null 2>&1 || [ "$(pnpm --version 2>/dev/null)" != "$PNPM_VERSION" ]; then
    echo "› installing pnpm $PNPM_VERSION"
    npm install -g "pnpm@$PNPM_VERSION" --silent --no-fund --no-audit >/dev/null
  fi
}

# Once per run: .ci/run installs before its static checks, and `npm test`, which it then calls, would install again.
install_dependencies() {
  if [ "${ORDERS_PORTAL_DEPENDENCIES_INSTALLED:-}" = "$PWD" ]; then return; fi
  ensure_pnpm
  echo "› installing dependencies"
  pnpm install --frozen-lockfile --reporter=append-only >/dev/null
  export ORDERS_PORTAL_DEPENDENCIES_INSTALLED="$PWD"
}

# Builds the web app and the API; says nothing unless the build fails, then shows all it said (tsc reports its
# errors on standard output). With an argument, builds only that package (`api` or `web`).
build_portal() {
  local what="${1:-}" log
  echo "› building${what:+ the $what}"
  log=$(mktemp)
  if ! { if [ -n "$what" ]; then pnpm --filter "@orders-portal/$what" build; else pnpm build; fi; } >"$log" 2>&1; then
    cat "$log" >&2
    rm -f "$log"
    echo "the build failed" >&2
    return 1
  fi
  rm -f "$log"
}

# Playwright drives Debian's Chromium; it never downloads a browser of its own. The tests run headless in Debian's
# chromium-headless-shell (the old headless mode, the build Playwright itself uses for headless runs): the full
# browser's new headless mode also runs the browser's own UI, which no test looks at, on the CPU the tests need. A
# headed run (`--headed`, to watch a test) needs the full browser: install Debian's `chromium` and set
# CHROMIUM_PATH=/usr/bin/chromium.
ensure_chromium() {
  if [ -x /usr/bin/chromium-headless-shell ]; then return; fi
  echo "› installing Chromium's headless shell (Debian package)"
  local sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq chromium-headless-shell >/dev/null
}

# The MQTT tests with an external broker start Debian's Mosquitto themselves, on a free loopback port with their own
# configuration (one with users made by mosquitto_passwd, of the same package, and an ACL file).
ensure_mosquitto() {
  if [ -x /usr/sbin/mosquitto ] && [ -x /usr/bin/openssl ]; then return; fi
  echo "› installing Mosquitto and OpenSSL (Debian packages)"
  local sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update -qq >/dev/null
  # openssl: the broker's TLS test makes a throwaway certificate for 127.0.0.1 with it.
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq mosquitto openssl >/dev/null
}

# `pnpm test:replicas` puts Debian's nginx in front of three API processes, on a free loopback port with its own
# configuration and temp folders (tests/replicas/nginx.ts). nginx-light has the proxy and upstream modules it needs;
# releases without it (Debian 13) have them in nginx.
ensure_nginx() {
  if [ -x /usr/sbin/nginx ]; then return; fi
  echo "› installing nginx (Debian package)"
  local sudo=""
  if [ "$(id -u)" != "0" ]; then sudo="sudo"; fi
  $sudo apt-get update -qq >/dev/null
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx-light >/dev/null 2>&1 ||
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq nginx >/dev/null
}
