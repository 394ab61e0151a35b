#!/bin/sh
# Builds a local stand-in for the official node:20-slim image, for machines
# that cannot reach Docker Hub (or any container registry) but can reach a
# Debian mirror: a minimal Debian bookworm from debootstrap, this machine's
# Node.js 20, its headers and its npm under /usr/local as in the official
# image, and the user `node` (uid/gid 1000, home /home/node). Then build
# Vault on it with
#   podman build --format docker --build-arg NODE_IMAGE=localhost/node:20-slim -t vault .
#
# Usage (as root; needs debootstrap, podman or docker, and Node.js 20):
#   scripts/container-base.sh [image]        default image: localhost/node:20-slim
# Environment: DEBIAN_MIRROR (default http://deb.debian.org/debian),
#   DEBIAN_SECURITY_MIRROR (default http://deb.debian.org/debian-security),
#   ENGINE (default podman).
set -eu

IMAGE=${1:-localhost/node:20-slim}
MIRROR=${DEBIAN_MIRROR:-http://deb.debian.org/debian}
SECURITY_MIRROR=${DEBIAN_SECURITY_MIRROR:-http://deb.debian.org/debian-security}
ENGINE=${ENGINE:-podman}

NODE=$(readlink -f "$(command -v node)")
case $("$NODE" -v) in
  v20.*) ;;
  *) echo "container-base: $NODE is $("$NODE" -v), Node.js 20 is needed" >&2; exit 2 ;;
esac
# node, its headers and npm come from the same installation prefix (/usr,
# /usr/local, ...). The headers let node-gyp compile native modules without
# downloading them from nodejs.org.
PREFIX=$(dirname "$(dirname "$NODE")")
NPM_DIR=$PREFIX/lib/node_modules/npm
for f in "$NPM_DIR/bin/npm-cli.js" "$PREFIX/include/node/node_version.h"; do
  [ -f "$f" ] || { echo "container-base: $f is missing" >&2; exit 2; }
done

ROOT=$(mktemp -d /var/tmp/container-base.XXXXXX)
trap 'rm -rf "$ROOT"' EXIT INT TERM

PATH_IN_IMAGE=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin
# A clean environment: nothing of this machine's (CA bundles, proxies) leaks in.
in_root() { chroot "$ROOT" env -i PATH=$PATH_IN_IMAGE HOME=/root "$@"; }

debootstrap --variant=minbase bookworm "$ROOT" "$MIRROR"

# As debian:bookworm-slim: point releases and security updates, and no
# documentation, manuals or translations in this or any later package.
cat > "$ROOT/etc/apt/sources.list" <<EOF
deb $MIRROR bookworm main
deb $MIRROR bookworm-updates main
deb $SECURITY_MIRROR bookworm-security main
EOF
cat > "$ROOT/etc/dpkg/dpkg.cfg.d/slim" <<'EOF'
path-exclude /usr/share/doc/*
path-include /usr/share/doc/*/copyright
path-exclude /usr/share/man/*
path-exclude /usr/share/info/*
path-exclude /usr/share/locale/*
path-exclude /usr/share/lintian/*
EOF
cp /etc/resolv.conf "$ROOT/etc/resolv.conf"
in_root sh -c 'apt-get update && DEBIAN_FRONTEND=noninteractive apt-get upgrade -y && apt-get clean'
find "$ROOT/usr/share/doc" -mindepth 1 ! -name copyright ! -type d -delete
find "$ROOT/usr/share/doc" -mindepth 1 -type d -empty -delete
rm -rf "$ROOT/usr/share/man/"* "$ROOT/usr/share/info/"* "$ROOT/usr/share/locale/"* \
  "$ROOT/var/lib/apt/lists/"* "$ROOT/var/cache/apt/"*.bin "$ROOT/var/log/"*.log \
  "$ROOT/var/cache/debconf/"*-old "$ROOT/etc/resolv.conf"
: > "$ROOT/etc/resolv.conf"

# Node.js where the official image has it.
install -m 0755 "$NODE" "$ROOT/usr/local/bin/node"
mkdir -p "$ROOT/usr/local/include" "$ROOT/usr/local/lib/node_modules"
cp -a "$PREFIX/include/node" "$ROOT/usr/local/include/node"
cp -a "$NPM_DIR" "$ROOT/usr/local/lib/node_modules/npm"
ln -s ../lib/node_modules/npm/bin/npm-cli.js "$ROOT/usr/local/bin/npm"
ln -s ../lib/node_modules/npm/bin/npx-cli.js "$ROOT/usr/local/bin/npx"

in_root sh -c 'groupadd --gid 1000 node && useradd --uid 1000 --gid node --shell /bin/bash --create-home node'
in_root sh -c 'echo "node $(node -v), npm $(npm -v), $(id node)"'

# The engine supplies /dev, /proc and /sys at run time.
rm -rf "$ROOT/dev/"* "$ROOT/proc/"* "$ROOT/sys/"*
tar -C "$ROOT" --numeric-owner -c . | "$ENGINE" import \
  --change "ENV PATH=$PATH_IN_IMAGE" \
  --change "ENV NODE_VERSION=$("$NODE" -v | cut -c2-)" \
  --change 'CMD ["node"]' \
  - "$IMAGE"
