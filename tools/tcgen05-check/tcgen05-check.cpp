//===- tcgen05-check.cpp - Command-line driver ----------------------------===//
//
// A thin driver over the tcgen05check library: options, inputs, a
// diagnostics consumer, an exit code.
//
// Exit codes:
//   0  no errors (warnings allowed unless -Werror)
//   1  errors were reported in the inputs (or --verify found mismatches)
//   2  usage error, or an input could not be read
//
//===----------------------------------------------------------------------===//

#include "tcgen05/Descriptors/InstrDesc.h"
#include "tcgen05/Descriptors/MatrixDesc.h"
#include "tcgen05/Frontend/Check.h"
#include "tcgen05/Frontend/DiagnosticPrinters.h"
#include "tcgen05/Frontend/Emit.h"
#include "tcgen05/Frontend/Explain.h"
#include "tcgen05/Frontend/InlineAsm.h"
#include "tcgen05/Frontend/Verify.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/Format.h"
#include "llvm/Support/ToolOutputFile.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>

using namespace llvm;
using namespace tcgen05;

namespace {

enum class Format { Text, JSON, Sarif };
enum class ColorMode { Auto, Always, Never };

cl::OptionCategory Category("tcgen05-check options");

cl::list<std::string> Inputs(cl::Positional, cl::desc("<file.ptx ...>"),
                             cl::cat(Category));
cl::opt<std::string> Target("target",
                            cl::desc("Check as if .target named this "
                                     "(e.g. sm_100a); with --emit, rewrite "
                                     ".target to it"),
                            cl::value_desc("sm_XXX"), cl::cat(Category));
enum class EmitKind { None, PTX };
cl::opt<EmitKind> Emit(
    "emit", cl::desc("Print the checked module"), cl::init(EmitKind::None),
    cl::values(clEnumValN(EmitKind::PTX, "ptx",
                          "canonical PTX; nothing is written on errors")),
    cl::cat(Category));
cl::opt<std::string> OutputFile("o", cl::desc("Write --emit output here "
                                              "(default: standard output)"),
                                cl::value_desc("file"), cl::cat(Category));
cl::opt<std::string> PtxVersion(
    "ptx-version",
    cl::desc("Rewrite .version to X.Y, or with 'auto' to the oldest version "
             "that accepts the module (and say which features decide)"),
    cl::value_desc("X.Y|auto"), cl::cat(Category));
cl::opt<bool> Werror("Werror", cl::desc("Treat warnings as errors"),
                     cl::cat(Category));
cl::opt<bool> NoWarnings("w", cl::desc("Suppress all warnings"),
                         cl::cat(Category));
cl::opt<unsigned> ErrorLimit("ferror-limit",
                             cl::desc("Stop after N errors (0: no limit)"),
                             cl::init(20), cl::value_desc("N"),
                             cl::cat(Category));
cl::opt<uint64_t> MaxInputSize(
    "max-input-size",
    cl::desc("Refuse inputs of more than BYTES bytes (default: 4 GiB - 1)"),
    cl::init(DefaultMaxInputSize), cl::value_desc("BYTES"), cl::cat(Category));
cl::opt<Format> OutputFormat(
    "format", cl::desc("Diagnostic output format"), cl::init(Format::Text),
    cl::values(clEnumValN(Format::Text, "text", "clang-style text (stderr)"),
               clEnumValN(Format::JSON, "json", "JSON document (stdout)"),
               clEnumValN(Format::Sarif, "sarif", "SARIF 2.1.0 log (stdout)")),
    cl::cat(Category));
cl::opt<std::string> Explain("explain",
                             cl::desc("Print the documentation of a "
                                      "diagnostic code and exit"),
                             cl::value_desc("TCnnnn"), cl::cat(Category));
cl::opt<bool> Verify("verify",
                     cl::desc("Check the inputs' expected-error comments "
                              "instead of printing diagnostics"),
                     cl::cat(Category));
cl::opt<unsigned> Threads("j",
                          cl::desc("Threads checking function bodies "
                                   "(0: one per core)"),
                          cl::init(0), cl::value_desc("N"), cl::cat(Category));

cl::opt<bool> SeparateCompilation(
    "separate-compilation",
    cl::desc("Apply the one-.cta_group rule to each function alone, as ptxas "
             "-c does, not to each kernel's call graph"),
    cl::cat(Category));
cl::alias SeparateCompilationShort("c", cl::aliasopt(SeparateCompilation),
                                   cl::desc("Alias for --separate-compilation"),
                                   cl::cat(Category));

cl::opt<std::string> DecodeIdesc(
    "decode-idesc",
    cl::desc("Print the fields of an instruction descriptor (with --kind) "
             "and what is wrong with it, then exit"),
    cl::value_desc("VALUE"), cl::cat(Category));
cl::opt<std::string> EncodeIdesc(
    "encode-idesc",
    cl::desc("Build an instruction descriptor from fields, e.g. "
             "m=128,n=256,dtype=1 (with --kind), then exit"),
    cl::value_desc("FIELD=VALUE,..."), cl::cat(Category));
cl::opt<std::string> DecodeSmemDesc(
    "decode-smem-desc",
    cl::desc("Print the fields of a shared memory descriptor and what is "
             "wrong with it, then exit"),
    cl::value_desc("VALUE"), cl::cat(Category));
cl::opt<std::string> EncodeSmemDesc(
    "encode-smem-desc",
    cl::desc("Build a shared memory descriptor, e.g. start_address=0,"
             "leading_offset=16,stride_offset=1024,swizzle=2 (bytes), then "
             "exit"),
    cl::value_desc("FIELD=VALUE,..."), cl::cat(Category));
cl::opt<bool> AsmTemplate(
    "asm-template",
    cl::desc("The inputs are inline-asm templates (operands %N or $N) with "
             "--constraints; diagnostics point into them"),
    cl::cat(Category));
cl::opt<std::string> Constraints(
    "constraints",
    cl::desc("With --asm-template: the operands' constraints, e.g. =r,l,n "
             "(r 32-bit, l 64-bit, h 16-bit, f .f32, d .f64, b predicate, n "
             "immediate)"),
    cl::value_desc("C,C,..."), cl::cat(Category));
cl::opt<std::string> Kind("kind",
                          cl::desc("The .kind for --decode-idesc and "
                                   "--encode-idesc (f16, tf32, f8f6f4, i8, "
                                   "mxf8f6f4, mxf4, mxf4nvf4)"),
                          cl::value_desc("KIND"), cl::cat(Category));
cl::opt<bool> Sparse("sparse", cl::desc("With --decode-idesc: for .sp"),
                     cl::cat(Category));
cl::opt<unsigned> CtaGroupOpt("cta-group",
                              cl::desc("With --decode-idesc: .cta_group::N"),
                              cl::init(1), cl::cat(Category));

cl::extrahelp ColorHelp(R"(
  --color=<auto|always|never>    - Colored text diagnostics (default: auto,
                                   when stderr is a terminal)
  -Wno-<group>                   - Silence the warnings of a group
  -Werror=<group>                - Make the warnings of a group errors
  -Wno-error=<group>             - Keep a group's warnings warnings under -Werror
                                   (groups: reserved-bits, smem-base-offset)
)");

cl::extrahelp ExitCodes(R"(
EXIT CODES:
  0  no errors
  1  errors were reported (or --verify found mismatches)
  2  usage error, or an input could not be read

Each diagnostic carries a code [TCnnnn]; --explain TCnnnn describes it.
)");

void printVersion(raw_ostream &OS) {
  OS << "tcgen05-check " << TCGEN05_VERSION << "\n"
     << "  PTX ISA 9.0 (tcgen05: PTX ISA 9.7.16)\n";
}

bool parseFields(StringRef Text,
                 std::vector<std::pair<std::string, uint64_t>> &Fields) {
  SmallVector<StringRef, 8> Parts;
  Text.split(Parts, ',', -1, false);
  for (StringRef P : Parts) {
    auto [Name, Value] = P.split('=');
    unsigned long long V;
    if (Value.trim().getAsInteger(0, V)) {
      errs() << "tcgen05-check: error: '" << P << "' is not FIELD=VALUE\n";
      return false;
    }
    Fields.push_back({Name.trim().str(), V});
  }
  return true;
}

/// Prints what is wrong with a decoded descriptor; 1 if anything is an error.
int printFindings(const std::vector<IdescFinding> &Findings) {
  for (const IdescFinding &F : Findings)
    outs() << (F.Warning ? "warning: " : "error: ") << F.Message << "\n";
  return llvm::any_of(Findings, [](const IdescFinding &F) {
           return !F.Warning;
         })
             ? 1
             : 0;
}

/// Prints an encoded descriptor, or why it could not be encoded.
int printEncoded(std::optional<uint64_t> V, const std::string &Error,
                 unsigned HexDigits) {
  if (!V) {
    errs() << "tcgen05-check: error: " << Error << "\n";
    return 1;
  }
  outs() << format_hex(*V, HexDigits + 2) << "\n";
  return 0;
}

const IdescKind *kindOrError() {
  const IdescKind *K = lookupIdescKind(Kind);
  if (!K)
    errs() << "tcgen05-check: error: --kind must be one of f16, tf32, "
              "f8f6f4, i8, mxf8f6f4, mxf4, mxf4nvf4\n";
  return K;
}

int decodeIdesc(StringRef Text) {
  const IdescKind *K = kindOrError();
  unsigned long long V;
  if (!K)
    return 2;
  if (Text.getAsInteger(0, V) || V > 0xffffffffull) {
    errs() << "tcgen05-check: error: '" << Text
           << "' is not a 32-bit value\n";
    return 2;
  }
  outs() << "instruction descriptor " << format_hex(V, 10) << " for "
         << K->Kind << "\n";
  for (const IdescField &F : idescFields(K->Layout))
    outs() << "  bits " << format_decimal(F.Lo, 2) << "-"
           << format_decimal(F.Lo + F.Width - 1, 2) << "  "
           << left_justify(F.Name, 18) << format_decimal(F.get(V), 4) << "  "
           << F.Description << "\n";
  IdescUse Use;
  Use.Kind = K;
  Use.Sparse = Sparse;
  Use.CtaGroup = CtaGroupOpt;
  if (!Target.empty())
    Use.Target = lookupTarget(Target);
  return printFindings(checkIdesc(static_cast<uint32_t>(V), ~0u, Use));
}

int encodeIdesc(StringRef Text) {
  const IdescKind *K = kindOrError();
  if (!K)
    return 2;
  std::vector<std::pair<std::string, uint64_t>> Fields;
  if (!parseFields(Text, Fields))
    return 2;
  std::string Error;
  std::optional<uint32_t> V = tcgen05::encodeIdesc(*K, Fields, Error);
  return printEncoded(V ? std::optional<uint64_t>(*V) : std::nullopt, Error, 8);
}

int decodeSmemDesc(StringRef Text) {
  unsigned long long V;
  if (Text.getAsInteger(0, V)) {
    errs() << "tcgen05-check: error: '" << Text
           << "' is not a 64-bit value\n";
    return 2;
  }
  outs() << "shared memory descriptor " << format_hex(V, 18) << "\n";
  for (const DescField &F : matrixDescFields(MatrixDescKind::Smem)) {
    uint64_t X = F.get(V);
    outs() << "  bits " << format_decimal(F.Lo, 2) << "-"
           << format_decimal(F.Lo + F.Width - 1, 2) << "  "
           << left_justify(F.Name, 16) << format_decimal(X, 6);
    if (F.Name.ends_with("address") || F.Name.ends_with("offset"))
      if (F.Name != "base_offset")
        outs() << " (" << (X << 4) << " bytes)";
    outs() << "  " << F.Description << "\n";
  }
  std::optional<TargetInfo> T;
  if (!Target.empty())
    T = lookupTarget(Target);
  return printFindings(checkSmemDesc(V, ~0ull, T));
}

int encodeSmemDesc(StringRef Text) {
  std::vector<std::pair<std::string, uint64_t>> Fields;
  if (!parseFields(Text, Fields))
    return 2;
  std::string Error;
  return printEncoded(tcgen05::encodeSmemDesc(Fields, Error), Error, 16);
}

int explain(StringRef Text) {
  std::optional<unsigned> Code = parseDiagCode(Text);
  if (!Code) {
    errs() << "tcgen05-check: error: '" << Text
           << "' is not a diagnostic code (expected TCnnnn)\n";
    return 2;
  }
  if (std::optional<StringRef> Page = explainDiagCode(*Code)) {
    outs() << *Page;
    return 0;
  }
  errs() << "tcgen05-check: error: no diagnostic has code "
         << formatDiagCode(*Code) << "\n";
  return 2;
}

/// LLVM's support library owns an option named 'color' with other values,
/// so --color=auto|always|never is taken out of argv before cl sees it.
bool extractColor(SmallVectorImpl<const char *> &Args, ColorMode &Mode) {
  bool OK = true;
  auto It = std::remove_if(Args.begin() + 1, Args.end(), [&](const char *A) {
    StringRef S(A);
    if (!S.consume_front("--color=") && !S.consume_front("-color="))
      return false;
    if (S == "auto")
      Mode = ColorMode::Auto;
    else if (S == "always")
      Mode = ColorMode::Always;
    else if (S == "never")
      Mode = ColorMode::Never;
    else {
      errs() << "tcgen05-check: error: --color takes auto, always or never, "
                "not '" << S << "'\n";
      OK = false;
    }
    return true;
  });
  Args.erase(It, Args.end());
  return OK;
}

/// -Wno-<group>, -Werror=<group> and -Wno-error=<group> name warning groups,
/// which cl cannot express as options; they are taken out of argv here.
bool extractWarningGroups(SmallVectorImpl<const char *> &Args,
                          DiagnosticOptions &Opts) {
  bool OK = true;
  auto It = std::remove_if(Args.begin() + 1, Args.end(), [&](const char *A) {
    StringRef S(A);
    std::vector<std::string> *Into = nullptr;
    if (S.consume_front("-Wno-error="))
      Into = &Opts.NoErrorGroups;
    else if (S.consume_front("-Werror="))
      Into = &Opts.ErrorGroups;
    else if (S.consume_front("-Wno-"))
      Into = &Opts.DisabledGroups;
    else
      return false;
    if (!isDiagGroup(S)) {
      errs() << "tcgen05-check: error: unknown warning group '" << S
             << "' (known: " << diagGroupList() << ")\n";
      OK = false;
    }
    Into->push_back(S.str());
    return true;
  });
  Args.erase(It, Args.end());
  return OK;
}

/// Writes --emit output to -o (or standard output), whole or not at all.
bool writeOutput(StringRef Out) {
  if (OutputFile.empty() || OutputFile == "-") {
    outs() << Out;
    return true;
  }
  std::error_code EC;
  ToolOutputFile File(OutputFile, EC, sys::fs::OF_None);
  if (EC) {
    errs() << "tcgen05-check: error: cannot write '" << OutputFile
           << "': " << EC.message() << "\n";
    return false;
  }
  File.os() << Out;
  File.keep();
  return true;
}

} // namespace

int main(int argc, char **argv) {
  InitLLVM X(argc, argv);
  SmallVector<const char *, 16> Args(argv, argv + argc);
  ColorMode Color = ColorMode::Auto;
  if (!extractColor(Args, Color))
    return 2;
  DiagnosticOptions DiagOpts;
  if (!extractWarningGroups(Args, DiagOpts))
    return 2;
  // ...and handed to LLVM's own option, which the printers consult.
  if (Color != ColorMode::Auto)
    Args.push_back(Color == ColorMode::Always ? "--color=true" : "--color=false");
  cl::HideUnrelatedOptions(Category);
  cl::SetVersionPrinter(printVersion);
  if (!cl::ParseCommandLineOptions(
          static_cast<int>(Args.size()), Args.data(),
          "tcgen05-check: checks PTX for Blackwell tcgen05 instructions\n",
          &errs()))
    return 2;
  if (!Explain.empty())
    return explain(Explain);
  if (!DecodeIdesc.empty())
    return decodeIdesc(DecodeIdesc);
  if (!EncodeIdesc.empty())
    return encodeIdesc(EncodeIdesc);
  if (!DecodeSmemDesc.empty())
    return decodeSmemDesc(DecodeSmemDesc);
  if (!EncodeSmemDesc.empty())
    return encodeSmemDesc(EncodeSmemDesc);
  if (Inputs.empty()) {
    errs() << "tcgen05-check: error: no input files (use '-' for standard "
              "input; --help for usage)\n";
    return 2;
  }
  if (!PtxVersion.empty() && PtxVersion != "auto" &&
      !parsePTXVersion(PtxVersion)) {
    errs() << "tcgen05-check: error: --ptx-version=" << PtxVersion
           << " is not a PTX ISA version ptxas knows (9.0, 8.8, 8.7, 8.6, "
              "..., or auto)\n";
    return 2;
  }
  if (Emit != EmitKind::None && Inputs.size() != 1) {
    errs() << "tcgen05-check: error: --emit takes exactly one input\n";
    return 2;
  }
  if (Emit != EmitKind::None && OutputFile.empty() &&
      OutputFormat != Format::Text) {
    errs() << "tcgen05-check: error: --format=json and --format=sarif write "
              "to standard output: give --emit=ptx an output file (-o)\n";
    return 2;
  }
  if (!OutputFile.empty() && Emit == EmitKind::None) {
    errs() << "tcgen05-check: error: -o needs --emit=ptx\n";
    return 2;
  }

  bool Colors = Color == ColorMode::Always ||
                (Color == ColorMode::Auto && errs().has_colors());
  std::unique_ptr<DiagnosticConsumer> Printer;
  VerifyDiagnosticConsumer Verifier;
  DiagnosticConsumer *Consumer;
  if (Verify) {
    Consumer = &Verifier;
  } else {
    switch (OutputFormat) {
    case Format::Text:
      Printer = createTextDiagnosticPrinter(errs(), Colors);
      break;
    case Format::JSON:
      Printer = createJSONDiagnosticPrinter(outs());
      break;
    case Format::Sarif:
      Printer = createSarifDiagnosticPrinter(outs(), TCGEN05_VERSION);
      break;
    }
    Consumer = Printer.get();
  }

  if (!Target.empty() && !isKnownTargetName(Target)) {
    Diagnostic D = Diagnostic::make(DiagID::err_unknown_target, {}, {Target},
                                    "tcgen05-check");
    D.note(DiagID::note_known_targets, {},
           {"sm_100a, sm_100f, sm_101a, sm_103a, sm_103f, sm_110a, sm_110f, "
            "and the other sm_NN[a|f] and compute_NN[a|f] names ptxas knows"});
    Consumer->handleDiagnostic(nullptr, D);
    Consumer->finish();
    return 2;
  }

  DiagOpts.WarningsAsErrors = Werror;
  DiagOpts.IgnoreWarnings = NoWarnings;
  DiagOpts.ErrorLimit = Verify ? 0 : ErrorLimit;
  DiagnosticsEngine Engine(*Consumer, DiagOpts);
  CheckOptions Opts;
  Opts.Target = Target;
  Opts.Threads = Threads;
  Opts.SeparateCompilation = SeparateCompilation;
  Opts.MaxInputSize = std::min<uint64_t>(MaxInputSize, DefaultMaxInputSize);

  SourceMgr SM;
  bool IOFailed = false;
  std::vector<std::string> AsmConstraints;
  if (!Constraints.empty()) {
    SmallVector<StringRef, 8> Parts;
    StringRef(Constraints).split(Parts, ',');
    for (StringRef P : Parts)
      AsmConstraints.push_back(P.trim().str());
  }
  for (const std::string &Path : Inputs) {
    if (AsmTemplate) {
      unsigned ID = 0;
      if (loadFile(Path, SM, Engine, ID, Opts.MaxInputSize) !=
          CheckStatus::Clean) {
        IOFailed = true;
        continue;
      }
      InlineAsmOptions AsmOpts;
      if (!Target.empty())
        AsmOpts.Target = Target;
      if (checkInlineAsm(SM.getMemoryBuffer(ID)->getBuffer(), AsmConstraints,
                         Path, AsmOpts, SM, Engine) == CheckStatus::IOError)
        IOFailed = true;
      continue;
    }
    if (Emit != EmitKind::None || !PtxVersion.empty()) {
      EmitOptions EOpts;
      EOpts.Check = Opts;
      EOpts.PtxVersion = PtxVersion;
      std::string Out;
      raw_string_ostream OS(Out);
      CheckStatus S = emitFile(Path, SM, Engine, EOpts, OS);
      if (S == CheckStatus::IOError)
        IOFailed = true;
      if (S == CheckStatus::Clean && Emit != EmitKind::None &&
          !writeOutput(Out))
        IOFailed = true;
      continue;
    }
    if (checkFile(Path, SM, Engine, Opts) == CheckStatus::IOError)
      IOFailed = true;
    if (Engine.limitReached())
      break;
  }
  if (Engine.limitReached() && !Verify && OutputFormat == Format::Text)
    errs() << "tcgen05-check: fatal error: too many errors emitted, stopping "
              "now [-ferror-limit=" << ErrorLimit << "]\n";
  Consumer->finish();

  if (Verify)
    return Verifier.verify(SM, errs()) ? 1 : (IOFailed ? 2 : 0);
  if (IOFailed)
    return 2;
  return Engine.numErrors() ? 1 : 0;
}
