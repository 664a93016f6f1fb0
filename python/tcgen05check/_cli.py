"""The tcgen05-check command of the wheel: the executable it carries, run
in this process's place, so its exit status and output are the command's."""
import os
import sys


def executable() -> str:
    return os.path.join(os.path.dirname(os.path.abspath(__file__)), "bin", "tcgen05-check")


def main() -> int:
    path = executable()
    if not os.access(path, os.X_OK):
        print(f"tcgen05-check: error: {path} is missing: this copy of the package "
              "was not installed from its wheel", file=sys.stderr)
        return 2
    os.execv(path, ["tcgen05-check"] + sys.argv[1:])
    return 2  # not reached


if __name__ == "__main__":
    sys.exit(main())
