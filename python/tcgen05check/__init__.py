"""Python bindings of tcgen05-check.

Checks PTX for NVIDIA Blackwell's tcgen05 instructions: their syntax and
rules, descriptor values, and ordering hazards, as the tcgen05-check command
does, by calling the C interface of libtcgen05check.so through ctypes.

The library is found through the environment variable TCGEN05CHECK_LIBRARY,
then beside this package (where the wheel puts it), then by the system's
loader.  __version__ is the version of the library that was found.
"""
import ctypes
import ctypes.util
import dataclasses
import json
import os
from typing import List, Optional

__all__ = ["Diagnostic", "Note", "CheckError", "check", "check_asm_template", "emit",
           "decode_idesc", "encode_idesc", "decode_smem_desc", "encode_smem_desc"]


@dataclasses.dataclass
class Note:
    message: str
    file: Optional[str] = None
    line: Optional[int] = None
    column: Optional[int] = None


@dataclasses.dataclass
class Diagnostic:
    code: str
    severity: str
    message: str
    file: Optional[str] = None
    line: Optional[int] = None
    column: Optional[int] = None
    end_line: Optional[int] = None
    end_column: Optional[int] = None
    notes: List[Note] = dataclasses.field(default_factory=list)
    fixits: List[dict] = dataclasses.field(default_factory=list)
    #: The -W group that silences a warning ("tcgen05-fence"), or None.
    group: Optional[str] = None
    #: The CUDA source line the finding comes from, when the PTX has nvcc's
    #: .loc lines (-lineinfo): file, line, column and (demangled) function.
    cuda_file: Optional[str] = None
    cuda_line: Optional[int] = None
    cuda_column: Optional[int] = None
    cuda_function: Optional[str] = None

    def __str__(self):
        where = f"{self.file}:{self.line}:{self.column}: " if self.line else ""
        return f"{where}{self.severity}: {self.message} [{self.code}]"


class CheckError(Exception):
    """A request the checker refused (an unknown target, a malformed
    descriptor request), or errors where a result was needed."""

    def __init__(self, message, diagnostics=()):
        super().__init__(message)
        self.diagnostics = list(diagnostics)


class _Options(ctypes.Structure):
    _fields_ = [("struct_size", ctypes.c_size_t),
                ("target", ctypes.c_char_p),
                ("name", ctypes.c_char_p),
                ("error_limit", ctypes.c_uint),
                ("warnings_as_errors", ctypes.c_int),
                ("ignore_warnings", ctypes.c_int),
                ("separate_compilation", ctypes.c_int),
                ("warning_flags", ctypes.c_char_p)]


_lib = None


def _library():
    global _lib
    if _lib is not None:
        return _lib
    candidates = []
    if os.environ.get("TCGEN05CHECK_LIBRARY"):
        candidates.append(os.environ["TCGEN05CHECK_LIBRARY"])
    candidates.append(os.path.join(os.path.dirname(__file__), "libtcgen05check.so"))
    found = ctypes.util.find_library("tcgen05check")
    if found:
        candidates.append(found)
    errors = []
    for path in candidates:
        try:
            lib = ctypes.CDLL(path)
            break
        except OSError as e:
            errors.append(f"{path}: {e}")
    else:
        raise OSError("libtcgen05check.so not found; set TCGEN05CHECK_LIBRARY "
                      "(" + "; ".join(errors) + ")")
    vp = ctypes.c_void_p
    lib.tcgen05_options_init.argtypes = [ctypes.POINTER(_Options)]
    lib.tcgen05_check.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.POINTER(_Options)]
    lib.tcgen05_check.restype = vp
    lib.tcgen05_emit_string.argtypes = [ctypes.c_char_p, ctypes.c_size_t, ctypes.c_char_p,
                                        ctypes.c_char_p, ctypes.c_char_p]
    lib.tcgen05_emit_string.restype = vp
    lib.tcgen05_check_asm_template.argtypes = [ctypes.c_char_p, ctypes.c_size_t] + \
        [ctypes.c_char_p] * 3
    lib.tcgen05_check_asm_template.restype = vp
    lib.tcgen05_version.argtypes = []
    lib.tcgen05_version.restype = ctypes.c_char_p
    lib.tcgen05_descriptor.argtypes = [ctypes.c_char_p] * 4
    lib.tcgen05_descriptor.restype = vp
    for name in ("tcgen05_result_json", "tcgen05_result_text", "tcgen05_result_output"):
        getattr(lib, name).argtypes = [vp]
        getattr(lib, name).restype = ctypes.c_char_p
    lib.tcgen05_result_refused.argtypes = [vp]
    lib.tcgen05_result_refused.restype = ctypes.c_int
    lib.tcgen05_result_error_count.argtypes = [vp]
    lib.tcgen05_result_error_count.restype = ctypes.c_uint
    lib.tcgen05_result_free.argtypes = [vp]
    _lib = lib
    return lib


def _enc(s):
    return None if s is None else s.encode()


def _diagnostics(doc):
    out = []
    for d in doc["diagnostics"]:
        source = d.get("sourceLocation", {})
        out.append(Diagnostic(
            code=d.get("code", ""), severity=d["severity"], message=d["message"],
            file=d.get("file"), line=d.get("line"), column=d.get("column"),
            end_line=d.get("endLine"), end_column=d.get("endColumn"),
            notes=[Note(n["message"], n.get("file"), n.get("line"), n.get("column"))
                   for n in d.get("notes", [])],
            fixits=d.get("fixits", []), group=d.get("group"),
            cuda_file=source.get("file"), cuda_line=source.get("line"),
            cuda_column=source.get("column"), cuda_function=source.get("function")))
    return out


def _take(lib, result):
    """(diagnostics, output text or None) of a result, which is freed.
    CheckError, with the diagnostics, when the request was refused (an
    unknown target or PTX version): nothing was checked."""
    if not result:
        raise MemoryError("tcgen05check: no result could be made")
    try:
        doc = json.loads(lib.tcgen05_result_json(result).decode())
        output = lib.tcgen05_result_output(result)
        diagnostics = _diagnostics(doc)
        if lib.tcgen05_result_refused(result):
            raise CheckError("; ".join(d.message for d in diagnostics), diagnostics)
        return diagnostics, None if output is None else output.decode()
    finally:
        lib.tcgen05_result_free(result)


def check(ptx: str, target: Optional[str] = None, *, name: Optional[str] = None,
          error_limit: Optional[int] = None, warnings_as_errors: bool = False,
          ignore_warnings: bool = False, separate_compilation: bool = False,
          warning_flags: Optional[str] = None) -> List[Diagnostic]:
    """The diagnostics of a PTX module, as tcgen05-check reports them.
    target checks as if .target said it ("sm_100a"); warning_flags takes
    the command line's -W options ("-Wno-tcgen05-fence -Wtcgen05-pedantic").
    error_limit keeps at most that many errors (None: the library's default
    of 1000; 0: all)."""
    lib = _library()
    opts = _Options()
    lib.tcgen05_options_init(ctypes.byref(opts))
    opts.target, opts.name = _enc(target), _enc(name)
    if error_limit is not None:
        opts.error_limit = error_limit
    opts.warnings_as_errors = int(warnings_as_errors)
    opts.ignore_warnings = int(ignore_warnings)
    opts.separate_compilation = int(separate_compilation)
    opts.warning_flags = _enc(warning_flags)
    data = ptx.encode()
    result = lib.tcgen05_check(data, len(data), ctypes.byref(opts))
    return _take(lib, result)[0]


def check_asm_template(template: str, constraints: str, *, name: Optional[str] = None,
                       target: Optional[str] = None) -> List[Diagnostic]:
    """The diagnostics of an inline-asm template whose operands are %0 or
    $0 ("%%" a literal '%'), declared from constraints in order ("=r,l,n":
    r 32-bit, l 64-bit, h 16-bit, f .f32, d .f64, b predicate, n
    immediate), as --asm-template reports them: positions are in the
    template.  target defaults to sm_100a."""
    lib = _library()
    data = template.encode()
    result = lib.tcgen05_check_asm_template(data, len(data), constraints.encode(),
                                            _enc(name), _enc(target))
    return _take(lib, result)[0]


def __getattr__(name):
    if name == "__version__":
        return _library().tcgen05_version().decode()
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


def emit(ptx: str, target: Optional[str] = None, ptx_version: Optional[str] = None,
         *, name: Optional[str] = None) -> str:
    """The module in canonical form, as --emit=ptx prints it, retargeted to
    target and ptx_version ("auto": the oldest that accepts it) when given.
    Raises CheckError, with the diagnostics, when the module has errors."""
    lib = _library()
    data = ptx.encode()
    result = lib.tcgen05_emit_string(data, len(data), _enc(name), _enc(target),
                                     _enc(ptx_version))
    diagnostics, output = _take(lib, result)
    if output is None:
        raise CheckError("the module has errors", diagnostics)
    return output


def _descriptor(action, text, kind=None, target=None):
    lib = _library()
    result = lib.tcgen05_descriptor(_enc(action), _enc(text), _enc(kind), _enc(target))
    diagnostics, output = _take(lib, result)
    if output is None:
        raise CheckError("; ".join(str(d) for d in diagnostics), diagnostics)
    return json.loads(output), diagnostics


def decode_idesc(value: int, kind: str, target: Optional[str] = None):
    """The fields of an instruction descriptor for .kind::KIND, as the
    diagnostics print them (dtype "F32", m 128), and what is wrong with it:
    (fields, diagnostics)."""
    return _descriptor("decode-idesc", hex(value), kind, target)


def decode_smem_desc(value: int, target: Optional[str] = None):
    """The fields of a shared memory descriptor (offsets in bytes), and what
    is wrong with it: (fields, diagnostics)."""
    return _descriptor("decode-smem-desc", hex(value), None, target)


def _fields(fields):
    return ",".join(f"{k}={v}" for k, v in fields.items())


def _encoded(result):
    """The value of an encode request; CheckError when the fields encode to
    a descriptor that is wrong (M=48 for .kind::f16), with the reasons."""
    output, diagnostics = result
    errors = [d for d in diagnostics if d.severity == "error"]
    if errors:
        raise CheckError("; ".join(str(d) for d in errors), diagnostics)
    return int(output["value"], 16)


def encode_idesc(kind: str, **fields) -> int:
    """An instruction descriptor from named fields (m=128, n=256,
    dtype="f32", ...)."""
    return _encoded(_descriptor("encode-idesc", _fields(fields), kind))


def encode_smem_desc(**fields) -> int:
    """A shared memory descriptor from named fields (byte offsets)."""
    return _encoded(_descriptor("encode-smem-desc", _fields(fields)))
