# lit configuration for tcgen05-check.
import os
import shutil

import lit.formats

config.name = "tcgen05-check"
config.test_format = lit.formats.ShTest(execute_external=False)
config.suffixes = [".ptx", ".test"]
config.excludes = ["Inputs"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tcgen05_obj_root, "test")

config.substitutions.append(("%tcgen05-check", os.path.join(config.tcgen05_tools_dir, "tcgen05-check")))
config.substitutions.append(("%tcgen05-rules-doc", os.path.join(config.tcgen05_tools_dir, "tcgen05-rules-doc")))
config.substitutions.append(("%descriptor-plants", os.path.join(config.tcgen05_tools_dir, "descriptor-plants")))
config.substitutions.append(("FileCheck", config.filecheck))
config.substitutions.append(("%python", shutil.which("python3") or "python3"))
# The shared corpus of real kernels sits beside the project.
corpus = os.path.normpath(os.path.join(config.tcgen05_src_root, "..", "shared", "corpus"))
config.substitutions.append(("%corpus", corpus))
config.substitutions.append(("%srcroot", config.tcgen05_src_root))
config.substitutions.append(("%objroot", config.tcgen05_obj_root))
# The system's Python, whose pip and wheel (Debian's python3-pip and
# python3-wheel) install the package from source without the network.
if os.path.exists("/usr/bin/python3"):
    config.available_features.add("system-python")
    config.substitutions.append(("%system-python", "/usr/bin/python3"))
if getattr(config, "tcgen05_instrumented", False):
    config.available_features.add("instrumented")
    # Memory bounds measure the sanitizer's shadow and quarantine there.
    config.environment["TCGEN05_INSTRUMENTED"] = "1"
# The shared library of the C interface (the Python package loads it).
config.substitutions.append(("%shlib", os.path.join(config.tcgen05_obj_root, "lib", "libtcgen05check.so")))
# The layers the build declared (cmake/Layers.cmake).
config.substitutions.append(("%layers-graph", os.path.join(config.tcgen05_obj_root, "lib", "layers.txt")))
if os.path.isdir(corpus):
    config.available_features.add("corpus")
# Minimal reproducers of false findings once seen on real kernels.
precision = os.path.normpath(os.path.join(config.tcgen05_src_root, "..", "shared", "design", "precision"))
config.substitutions.append(("%precision", precision))
if os.path.isdir(precision):
    config.available_features.add("precision")
# The manual's excerpts the rules cite.
spec = os.path.normpath(os.path.join(config.tcgen05_src_root, "..", "shared", "spec"))
config.substitutions.append(("%spec", spec))
if os.path.isdir(spec):
    config.available_features.add("spec")
# The hook definition is tried with pre-commit where the machine has it; its
# hook runs the tool from PATH.
if shutil.which("pre-commit") and shutil.which("git"):
    config.available_features.add("pre-commit")
config.environment["PATH"] = os.pathsep.join(
    [config.tcgen05_tools_dir, config.environment.get("PATH", os.environ.get("PATH", ""))])
# The sources are formatted with clang-format 14 (Debian 12's); another
# version lays some lines out differently.
clang_format = shutil.which("clang-format")
if clang_format:
    import subprocess
    version = subprocess.run([clang_format, "--version"], capture_output=True, text=True).stdout
    if " version 14." in version:
        config.available_features.add("clang-format")
        config.substitutions.append(("%clang-format", clang_format))
if shutil.which("groff"):
    config.available_features.add("groff")
if config.ptxas and os.path.exists(config.ptxas):
    config.available_features.add("ptxas")
    config.substitutions.append(("%ptxas", config.ptxas))
