"""The wheel of tcgen05check: the Python package, libtcgen05check.so with
the shared libraries it needs beyond the C and C++ runtimes, and the
tcgen05-check command, in one file that pip installs without a compiler.

Two ways in:
- `cmake --build build --target wheel` runs this file as a script on the
  build tree it was configured in, and writes build/dist/*.whl;
- pip, through the PEP 517 hooks below (pyproject.toml names this module as
  its build backend), configures and builds a tree of its own first.  The
  backend needs no package from an index, so `pip install .` works offline,
  and a pre-commit hook of `language: python` installs itself from the
  repository.

The wheel is written here rather than by setuptools because what it holds is
built by CMake, and setuptools is not on every Python (3.12 venvs have none).
"""
import base64
import csv
import hashlib
import io
import os
import re
import shutil
import stat
import subprocess
import sys
import sysconfig
import tarfile
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PACKAGE = "tcgen05check"

# What every Linux system has, as the manylinux policies list it: a library
# the .so needs beyond these is copied into the wheel beside it.
SYSTEM_LIBRARIES = re.compile(
    r"^(linux-vdso|ld-linux[-\w.]*|libc|libm|libdl|libpthread|librt|libutil"
    r"|libgcc_s|libstdc\+\+)\.so(\.\d+)*$")


class BuildError(Exception):
    pass


def _log(*args):
    print("tcgen05check:", *args, file=sys.stderr, flush=True)


def _project():
    """The [project] table of pyproject.toml."""
    try:
        import tomllib
    except ImportError:  # Python before 3.11
        try:
            import tomli as tomllib
        except ImportError:
            raise BuildError("building the wheel needs Python 3.11 or newer (tomllib)")
    with open(os.path.join(ROOT, "pyproject.toml"), "rb") as f:
        return tomllib.load(f)["project"]


def _version(build_dir):
    """The version CMake's project() gave the build (include/tcgen05/Version.h)."""
    path = os.path.join(build_dir, "include", "tcgen05", "Version.h")
    with open(path) as f:
        m = re.search(r'#define TCGEN05_VERSION_STRING "([^"]+)"', f.read())
    if not m:
        raise BuildError(f"{path} names no version")
    return m.group(1)


def _platform_tag():
    return re.sub(r"[-.]", "_", sysconfig.get_platform())


def _needed(path):
    """{soname: resolved path} of what the loader maps for path."""
    out = subprocess.run(["ldd", path], capture_output=True, text=True, check=True).stdout
    found = {}
    for line in out.splitlines():
        m = re.match(r"\s*(\S+)\s+=>\s+(\S+)", line)
        if m:
            if m.group(2) == "not":
                raise BuildError(f"{path} needs {m.group(1)}, which the loader does not find")
            found[m.group(1)] = m.group(2)
        else:
            m = re.match(r"\s*(\S+)\s+\(", line)
            if m:
                found[os.path.basename(m.group(1))] = m.group(1)
    return found


def _bundled(library):
    """The libraries beyond the system's that library needs, each of which
    must need nothing beyond the system's itself: the .so finds them beside
    it through its RUNPATH ($ORIGIN), they find only what the system has."""
    extra = {n: p for n, p in _needed(library).items() if not SYSTEM_LIBRARIES.match(n)}
    for name, path in extra.items():
        for dep in _needed(path):
            if not SYSTEM_LIBRARIES.match(dep) and dep not in extra:
                raise BuildError(f"{name} needs {dep}, which the wheel cannot carry")
    runpath = subprocess.run(["readelf", "-d", library], capture_output=True, text=True,
                             check=True).stdout
    if extra and "$ORIGIN" not in runpath:
        raise BuildError(f"{library} does not look for its libraries beside it ($ORIGIN)")
    return extra


def _copyright_of(path):
    """The copyright file of the Debian package that installed path, or None."""
    try:
        owner = subprocess.run(["dpkg", "-S", os.path.realpath(path)], capture_output=True,
                               text=True).stdout
    except OSError:
        return None
    package = owner.split(":", 1)[0].strip()
    copyright = f"/usr/share/doc/{package}/copyright"
    return copyright if package and os.path.exists(copyright) else None


def _metadata(project, version):
    lines = ["Metadata-Version: 2.1", f"Name: {project['name']}", f"Version: {version}",
             f"Summary: {project['description']}",
             f"Requires-Python: {project['requires-python']}",
             f"License: {project['license']['text']}"]
    for c in project.get("classifiers", []):
        lines.append(f"Classifier: {c}")
    with open(os.path.join(ROOT, project["readme"]), encoding="utf-8") as f:
        readme = f.read()
    lines.append("Description-Content-Type: text/markdown")
    return "\n".join(lines) + "\n\n" + readme


class _Wheel:
    """A zip written member by member, with its RECORD."""

    def __init__(self, path, dist_info):
        self.zip = zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED)
        self.dist_info = dist_info
        self.records = []

    def add(self, name, data, executable=False):
        # A fixed time: the same inputs make the same wheel.
        info = zipfile.ZipInfo(name, date_time=(1980, 1, 1, 0, 0, 0))
        # A regular file's mode: installers make a member executable only
        # when its type says it is a regular file.
        info.external_attr = (stat.S_IFREG | (0o755 if executable else 0o644)) << 16
        info.compress_type = zipfile.ZIP_DEFLATED
        self.zip.writestr(info, data)
        digest = base64.urlsafe_b64encode(hashlib.sha256(data).digest()).rstrip(b"=").decode()
        self.records.append((name, f"sha256={digest}", str(len(data))))

    def add_file(self, name, path, executable=False):
        with open(path, "rb") as f:
            self.add(name, f.read(), executable)

    def close(self):
        record = f"{self.dist_info}/RECORD"
        out = io.StringIO()
        writer = csv.writer(out, lineterminator="\n")
        writer.writerows(self.records + [(record, "", "")])
        info = zipfile.ZipInfo(record, date_time=(1980, 1, 1, 0, 0, 0))
        info.external_attr = (stat.S_IFREG | 0o644) << 16
        self.zip.writestr(info, out.getvalue())
        self.zip.close()


def write_wheel(build_dir, out_dir):
    """Writes the wheel of build_dir's library and tool to out_dir and
    returns its file name."""
    project = _project()
    version = _version(build_dir)
    library = os.path.realpath(os.path.join(build_dir, "lib", "libtcgen05check.so"))
    tool = os.path.join(build_dir, "bin", "tcgen05-check")
    for path in (library, tool):
        if not os.path.exists(path):
            raise BuildError(f"{path} is not built")
    extra_tool = [n for n in _needed(tool) if not SYSTEM_LIBRARIES.match(n)]
    if extra_tool:
        raise BuildError(f"{tool} needs {', '.join(extra_tool)} beyond the system's libraries")
    name = project["name"]
    tag = f"py3-none-{_platform_tag()}"
    dist_info = f"{name}-{version}.dist-info"
    os.makedirs(out_dir, exist_ok=True)
    wheel_name = f"{name}-{version}-{tag}.whl"
    wheel = _Wheel(os.path.join(out_dir, wheel_name), dist_info)
    source = os.path.join(ROOT, "python", PACKAGE)
    for entry in sorted(os.listdir(source)):
        if entry.endswith(".py") or entry == "py.typed":
            wheel.add_file(f"{PACKAGE}/{entry}", os.path.join(source, entry))
    wheel.add_file(f"{PACKAGE}/libtcgen05check.so", library, executable=True)
    for soname, path in sorted(_bundled(library).items()):
        wheel.add_file(f"{PACKAGE}/{soname}", path, executable=True)
        # A library the wheel carries comes with its licence.
        copyright = _copyright_of(path)
        if copyright:
            wheel.add_file(f"{dist_info}/licenses/{soname}.copyright", copyright)
        else:
            _log(f"warning: no licence found for {soname}")
    wheel.add_file(f"{PACKAGE}/bin/tcgen05-check", tool, executable=True)
    # The manual page, which pip installs under the environment's share/man.
    man = os.path.join(build_dir, "share", "man", "man1", "tcgen05-check.1")
    if os.path.exists(man):
        wheel.add_file(f"{name}-{version}.data/data/share/man/man1/tcgen05-check.1", man)
    wheel.add(f"{dist_info}/METADATA", _metadata(project, version).encode())
    wheel.add(f"{dist_info}/WHEEL",
              ("Wheel-Version: 1.0\nGenerator: tcgen05check_wheel\n"
               f"Root-Is-Purelib: false\nTag: {tag}\n").encode())
    scripts = project.get("scripts", {})
    if scripts:
        text = "[console_scripts]\n" + "".join(f"{k} = {v}\n" for k, v in scripts.items())
        wheel.add(f"{dist_info}/entry_points.txt", text.encode())
    wheel.add_file(f"{dist_info}/LICENSE", os.path.join(ROOT, "LICENSE"))
    wheel.close()
    return wheel_name


# PEP 517 hooks.  They build in build/wheel of the sources, kept between
# builds; TCGEN05CHECK_CMAKE_ARGS adds configure options ("-DTCGEN05_PGO=ON":
# the profile-guided tool, slower to build).  TCGEN05CHECK_BUILD_DIR names a
# tree that is built already, which is packed as it is.


def _cmake(build_dir):
    if not shutil.which("cmake"):
        raise BuildError("building tcgen05check needs cmake, ninja, g++, LLVM 22 and "
                         "ANTLR 4 (tools/install-deps.sh installs them)")
    if not os.path.exists(os.path.join(build_dir, "CMakeCache.txt")):
        args = ["cmake", "-G", "Ninja", "-S", ROOT, "-B", build_dir,
                "-DCMAKE_BUILD_TYPE=Release", "-DTCGEN05_PGO=OFF",
                "-DTCGEN05_BUILD_TESTS=OFF", "-DTCGEN05_BUILD_BENCH=OFF"]
        args += os.environ.get("TCGEN05CHECK_CMAKE_ARGS", "").split()
        _log(" ".join(args))
        subprocess.run(args, check=True, stdout=sys.stderr)
    subprocess.run(["cmake", "--build", build_dir, "--target", "tcgen05-check",
                    "tcgen05check_c", "tcgen05-check-man"], check=True, stdout=sys.stderr)


def get_requires_for_build_wheel(config_settings=None):
    return []


def get_requires_for_build_sdist(config_settings=None):
    return []


def build_wheel(wheel_directory, config_settings=None, metadata_directory=None):
    build_dir = os.environ.get("TCGEN05CHECK_BUILD_DIR")
    if not build_dir:
        build_dir = os.path.join(ROOT, "build", "wheel")
        _cmake(build_dir)
    return write_wheel(build_dir, wheel_directory)


def build_sdist(sdist_directory, config_settings=None):
    """The files git tracks, under tcgen05check-VERSION/."""
    files = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], capture_output=True,
                           check=True).stdout.decode().split("\0")
    with open(os.path.join(ROOT, "CMakeLists.txt")) as f:
        version = re.search(r"project\([^)]*VERSION\s+([0-9.]+)", f.read()).group(1)
    base = f"{PACKAGE}-{version}"
    name = f"{base}.tar.gz"
    with tarfile.open(os.path.join(sdist_directory, name), "w:gz") as tar:
        for rel in filter(None, files):
            tar.add(os.path.join(ROOT, rel), arcname=f"{base}/{rel}", recursive=False)
        info = tarfile.TarInfo(f"{base}/PKG-INFO")
        data = _metadata(_project(), version).encode()
        info.size = len(data)
        tar.addfile(info, io.BytesIO(data))
    return name


def main(argv):
    if len(argv) != 3:
        print("usage: tcgen05check_wheel.py BUILD_DIR OUT_DIR", file=sys.stderr)
        return 2
    try:
        print(os.path.join(argv[2], write_wheel(argv[1], argv[2])))
    except (BuildError, OSError, subprocess.CalledProcessError) as e:
        print(f"tcgen05check_wheel: error: {e}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
